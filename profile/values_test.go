package profile

import "testing"

func TestParseSize(t *testing.T) {
	cases := []struct {
		name, in string
		want     uint64
		wantErr  bool
	}{
		{"plain bytes", "134217728", 134217728, false},
		{"kilo", "16K", 16 << 10, false},
		{"mega lower", "128m", 128 << 20, false},
		{"giga", "4G", 4 << 30, false},
		{"tera", "1T", 1 << 40, false},
		{"fraction", "1.5G", 3 << 29, false},
		{"spaces", " 64M ", 64 << 20, false},
		{"zero", "0", 0, false},
		{"empty", "", 0, true},
		{"word", "banana", 0, true},
		{"negative", "-1", 0, true},
		{"overflow", "20E", 0, true},
		{"nan", "NaN", 0, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := ParseSize(c.in)
			if (err != nil) != c.wantErr || got != c.want {
				t.Errorf("ParseSize(%q) = %d, %v; want %d, err %v", c.in, got, err, c.want, c.wantErr)
			}
		})
	}
}

func TestParseBool(t *testing.T) {
	cases := []struct {
		in       string
		want, ok bool
	}{
		{"ON", true, true}, {"off", false, true}, {"1", true, true}, {"0", false, true},
		{"TRUE", true, true}, {"no", false, true}, {"", true, true}, {"maybe", false, false},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			got, err := ParseBool(c.in)
			if got != c.want || (err == nil) != c.ok {
				t.Errorf("ParseBool(%q) = %v, %v", c.in, got, err)
			}
		})
	}
}

func TestFormatSize(t *testing.T) {
	cases := []struct {
		in   uint64
		want string
	}{{0, "0"}, {4 << 30, "4G"}, {1536 << 20, "1536M"}, {16 << 10, "16K"}, {1000, "1000"}}
	for _, c := range cases {
		if got := FormatSize(c.in); got != c.want {
			t.Errorf("FormatSize(%d) = %q, want %q", c.in, got, c.want)
		}
		if back, err := ParseSize(FormatSize(c.in)); err != nil || back != c.in {
			t.Errorf("round trip of %d gave %d, %v", c.in, back, err)
		}
	}
}

func TestEffectiveBytes(t *testing.T) {
	cases := []struct {
		name string
		m    Memory
		want uint64
	}{
		{"no limit", Memory{TotalBytes: 8 << 30}, 8 << 30},
		{"limit below RAM", Memory{TotalBytes: 8 << 30, LimitBytes: 2 << 30}, 2 << 30},
		{"limit above RAM", Memory{TotalBytes: 8 << 30, LimitBytes: 64 << 30}, 8 << 30},
	}
	for _, c := range cases {
		if got := c.m.EffectiveBytes(); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
}

// FuzzParseSize checks the size parser never panics and that what it
// accepts formats back to the same number of bytes.
func FuzzParseSize(f *testing.F) {
	for _, s := range []string{"128M", "1.5G", "0", "18446744073709551615", "16E", "-3", "1e9", " 7k"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := ParseSize(s)
		if err != nil {
			return
		}
		if back, err := ParseSize(FormatSize(n)); err != nil || back != n {
			t.Fatalf("%q -> %d -> %q -> %d, %v", s, n, FormatSize(n), back, err)
		}
	})
}
