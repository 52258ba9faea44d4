package calibrate

import (
	"strings"
	"testing"
	"time"
)

func TestOptionsWithDefaults(t *testing.T) {
	cases := []struct {
		name    string
		in      Options
		wantErr string
		check   func(Options) bool
	}{
		{"zero gives the issue's defaults", Options{}, "", func(o Options) bool {
			return o.Schema == "mytune_calibrate" && o.Duration == 20*time.Second && o.MaxBytes == 256<<20 &&
				len(o.Threads) == 5 && o.BatchRows == 100 && o.maxConns() == 17
		}},
		{"own schema name kept", Options{Schema: "cal_2"}, "", func(o Options) bool { return o.Schema == "cal_2" }},
		{"quote in the name", Options{Schema: "a`b"}, "letters, digits or underscores", nil},
		{"dot in the name", Options{Schema: "db.t"}, "letters, digits or underscores", nil},
		{"too long", Options{Schema: strings.Repeat("x", 65)}, "1-64", nil},
		{"system schema", Options{Schema: "MySQL"}, "system schema", nil},
		{"zero connections", Options{Threads: []int{1, 0}}, "0 connections", nil},
		{"too many connections", Options{Threads: []int{65}}, "65 connections", nil},
		{"huge batch", Options{BatchRows: 20000}, "at most 10000", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := c.in.withDefaults()
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("err %v, want %q", err, c.wantErr)
				}
				return
			}
			if err != nil || !c.check(got) {
				t.Fatalf("got %+v, %v", got, err)
			}
		})
	}
}

func TestPercentileUS(t *testing.T) {
	ms := func(v ...int) []time.Duration {
		out := make([]time.Duration, len(v))
		for i, x := range v {
			out[i] = time.Duration(x) * time.Millisecond
		}
		return out
	}
	cases := []struct {
		name string
		d    []time.Duration
		p    float64
		want float64
	}{
		{"none", nil, 50, 0},
		{"one", ms(3), 99, 3000},
		{"median of unsorted", ms(5, 1, 3), 50, 3000},
		{"p99 of 100 is the 99th", ms(append(make([]int, 98), 7, 9)...), 99, 7000},
		{"p100 is the max", ms(1, 2, 9), 100, 9000},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := percentileUS(c.d, c.p); got != c.want {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
}

func TestRowMakerShapes(t *testing.T) {
	m := newRowMaker(1)
	args := m.fill(nil, 3)
	if len(args) != 9 {
		t.Fatalf("%d args for 3 rows", len(args))
	}
	for i := 0; i < len(args); i += 3 {
		k, c, pad := args[i].(int), args[i+1].(string), args[i+2].(string)
		if k < 1 || k > kRange || len(c) != 119 || len(pad) != 59 || strings.Count(c, "-") != 9 {
			t.Errorf("row %d: k %d, c %q (%d), pad %q (%d)", i/3, k, c, len(c), pad, len(pad))
		}
	}
	if args[1] == args[4] {
		t.Errorf("two rows share c: not random")
	}
}
