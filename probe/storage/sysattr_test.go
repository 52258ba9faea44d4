package storage

import (
	"strconv"
	"strings"
	"testing"
)

func TestParseScheduler(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"bracketed middle", "mq-deadline kyber [bfq] none\n", "bfq"},
		{"bracketed first", "[mq-deadline] kyber bfq none", "mq-deadline"},
		{"legacy cfq", "noop deadline [cfq] ", "cfq"},
		{"single none", "none\n", "none"},
		{"bracketed none", "[none] mq-deadline", "none"},
		{"unclosed bracket", "[mq-deadline kyber", ""},
		{"several words no brackets", "noop deadline", ""},
		{"empty", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := parseScheduler(tc.in); got != tc.want {
				t.Errorf("parseScheduler(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestParseUintAttr(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    uint64
		wantErr bool
	}{
		{"newline", "1\n", 1, false},
		{"nul padded", "512\x00", 512, false},
		{"big size", "7814037168\n", 7814037168, false},
		{"negative", "-1\n", 0, true},
		{"plus", "+1", 0, true},
		{"inner space", "1 2", 0, true},
		{"hex", "0x10", 0, true},
		{"empty", "\n", 0, true},
		{"overflow", "18446744073709551616", 0, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseUintAttr(tc.in)
			if (err != nil) != tc.wantErr || got != tc.want {
				t.Errorf("parseUintAttr(%q) = %d, %v; want %d, err %v", tc.in, got, err, tc.want, tc.wantErr)
			}
		})
	}
}

func FuzzParseSysfsAttr(f *testing.F) {
	for _, s := range []string{"mq-deadline kyber [bfq] none\n", "none", "[", "]", "[]", "1\n", "0", "-1", "512\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sch := parseScheduler(s)
		if strings.ContainsAny(sch, "[]") || !strings.Contains(s, sch) {
			t.Errorf("parseScheduler(%q) = %q: not a bracket-free part of the input", s, sch)
		}
		if v, err := parseUintAttr(s); err == nil {
			back, err2 := strconv.ParseUint(trimAttr(s), 10, 64)
			if err2 != nil || back != v {
				t.Errorf("parseUintAttr(%q) = %d but the trimmed text does not parse to it", s, v)
			}
		}
	})
}
