package rules

import (
	"math"
	"testing"

	"github.com/expr-lang/expr"
)

// TestSizeCompare: rule expressions compare, add, subtract and multiply
// sizes at their full width (expr-lang alone converts both sides to int:
// 2^64-1 > 2M was false, and where int has 32 bits 2G + 1G was negative).
func TestSizeCompare(t *testing.T) {
	type env struct {
		A, B uint64
		N    int
	}
	cases := []struct {
		name, src string
		a, b      uint64
		n         int
		want      bool
	}{
		{"2^64-1 > 2M", "A > B", math.MaxUint64, 2 * tMiB, 0, true},
		{"2M < 2^64-1", "B < A", math.MaxUint64, 2 * tMiB, 0, true},
		{"2^64-1 < 2M: no", "A < B", math.MaxUint64, 2 * tMiB, 0, false},
		{"2^63 >= 2^63", "A >= B", 1 << 63, 1 << 63, 0, true},
		{"2^63 <= 1", "A <= B", 1 << 63, 1, 0, false},
		{"2^64-1 > an int literal", "A > 0", math.MaxUint64, 0, 0, true},
		{"an int above 2^64-1: never", "N > A", math.MaxUint64, 0, math.MaxInt, false},
		{"a negative int below any size", "N < B", 0, 0, -1, true},
		{"ints compare as before", "N >= 3", 0, 0, 3, true},
		{"2^64-1 == -1: no (int(2^64-1) is -1)", "A == N", math.MaxUint64, 0, -1, false},
		{"15 x 2^32 == 0: no (int32 keeps 0 of it)", "A == 0", 15 << 32, 0, 0, false},
		{"15 x 2^32 != 0", "A != 0", 15 << 32, 0, 0, true},
		{"equal sizes", "A == B", 5 << 30, 5 << 30, 0, true},
		{"2G + 1G > 2.5G (an int32 sum wraps negative)", "A + B > A + B / 2", 2 << 30, 1 << 30, 0, true},
		{"2^63 + 2^63 holds at 2^64-1, above 2^63", "A + A > B", 1 << 63, 1 << 63, 0, true},
		{"2^63 x 4 holds at 2^64-1", "A * 4 >= B", 1 << 63, math.MaxUint64, 0, true},
		{"3G x 2 > 4G", "A * 2 > B", 3 << 30, 4 << 30, 0, true},
		{"a size minus a larger one is negative", "A - B < 0", 1 << 30, 3 << 30, 0, true},
		{"3G - 1G >= 2G", "A - B >= B * 2", 3 << 30, 1 << 30, 0, true},
		{"an int plus a size", "N + A > B", 3 << 30, 3 << 30, 1, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			opts := append(append([]expr.Option{expr.Env(env{})}, sizeCompare...), sizeArith...)
			prog, err := expr.Compile(tc.src, append(opts, expr.AsBool())...)
			if err != nil {
				t.Fatal(err)
			}
			out, err := expr.Run(prog, env{A: tc.a, B: tc.b, N: tc.n})
			if err != nil || out != tc.want {
				t.Errorf("%s = %v (%v), want %v", tc.src, out, err, tc.want)
			}
		})
	}
}

// TestSaturatingSizes: sums and renderings of sizes near 2^64 hold at
// 2^64-1 instead of wrapping to small ones.
func TestSaturatingSizes(t *testing.T) {
	cases := []struct {
		name, got, want string
	}{
		{"sum past 2^64", Human(satSum(math.MaxUint64, 2*tMiB, tGiB)), "16.0 EiB"},
		{"Human of 2^64-1 (was 8.0 EiB)", Human(math.MaxUint64), "16.0 EiB"},
		{"Human of a float past 2^64", Env{}.Human(1e21), "16.0 EiB"},
		{"Human of a negative float", Env{}.Human(-5.0), "0 B"},
		{"Size of 2^64-1 exact", Env{}.Size(uint64(math.MaxUint64)), "18446744073709551615"},
		{"ordinary sum", Human(satSum(tGiB, tGiB)), "2.0 GiB"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.got != tc.want {
				t.Errorf("got %q, want %q", tc.got, tc.want)
			}
		})
	}
}
