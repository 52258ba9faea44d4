package dump

import (
	"reflect"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestZeroDate: all-zero dates and dates with a zero month or day are
// found; valid dates, year 0000 with a month and day, and text are not.
func TestZeroDate(t *testing.T) {
	cases := []struct {
		name, s string
		want    bool
	}{
		{"zero date", "0000-00-00", true},
		{"zero datetime", "0000-00-00 00:00:00", true},
		{"zero month", "2024-00-15", true},
		{"zero day", "2024-03-00 10:00:00", true},
		{"valid", "2024-03-15", false},
		{"year zero, valid month and day", "0000-01-01", false},
		{"time only", "10:00:00", false},
		{"text", "abcd-00-00", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := zeroDate(c.s); got != c.want {
				t.Errorf("zeroDate(%q) = %v, want %v", c.s, got, c.want)
			}
		})
	}
}

// TestZeroDefaults: a DATE, DATETIME or TIMESTAMP column whose DEFAULT is
// a zero date (or has a zero part) is found, as mydumper's whole CREATE
// TABLE or one mysqldump line gives it; valid defaults, other types and
// a COMMENT are not.
func TestZeroDefaults(t *testing.T) {
	audit := " `audit` (\n  `id` int(11) NOT NULL,\n  `changed` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',\n" +
		"  `seen` timestamp NOT NULL DEFAULT '0000-00-00 00:00:00',\n  `what` varchar(20) DEFAULT NULL,\n  PRIMARY KEY (`id`)\n)"
	cases := []struct {
		name, text string
		want       []profile.ZeroDate
	}{
		{"mydumper CREATE TABLE", audit, []profile.ZeroDate{
			{Table: "d.t", Column: "changed", Value: "0000-00-00 00:00:00"}, {Table: "d.t", Column: "seen", Value: "0000-00-00 00:00:00"}}},
		{"one mysqldump line", "  `d` date NOT NULL DEFAULT '2024-00-00',", []profile.ZeroDate{{Table: "d.t", Column: "d", Value: "2024-00-00"}}},
		{"datetime(6)", "  `d` DATETIME(6) DEFAULT '0000-00-00 00:00:00.000000',",
			[]profile.ZeroDate{{Table: "d.t", Column: "d", Value: "0000-00-00 00:00:00.000000"}}},
		{"backtick in the name", "  `a``b` date DEFAULT '0000-00-00',", []profile.ZeroDate{{Table: "d.t", Column: "a`b", Value: "0000-00-00"}}},
		{"valid default", "  `d` date NOT NULL DEFAULT '2024-01-01',", nil},
		{"current_timestamp", "  `t` timestamp NOT NULL DEFAULT current_timestamp(),", nil},
		{"a varchar", "  `v` varchar(10) DEFAULT '0000-00-00',", nil},
		{"a comment", "  `n` int COMMENT 'date DEFAULT ''0000-00-00''',", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			z := zeroDefaults{}
			z.add("d.t", c.text)
			if got := z.list(); !reflect.DeepEqual(got, c.want) {
				t.Errorf("got %+v, want %+v", got, c.want)
			}
		})
	}
}

// TestSampledZeroDates: the first zero date of each date column among the
// sampled rows, mapped through the INSERT's columns; NULLs, valid dates
// and text columns holding such text are left out.
func TestSampledZeroDates(t *testing.T) {
	def := parseCreate(" (\n  `id` int NOT NULL,\n  `placed` date NOT NULL,\n  `shipped` datetime DEFAULT NULL,\n  `note` varchar(20)\n)")
	rows := parseTuples([]byte(` VALUES (1,"2024-03-15",NULL,"0000-00-00"),(2,"0000-00-00","2024-03-00 10:00:00","x"),(3,"2024-00-15",NULL,"y")`)).rows
	cases := []struct {
		name string
		cols []int
		want []profile.ZeroDate
	}{
		{"every column in order", []int{0, 1, 2, 3}, []profile.ZeroDate{{Column: "placed", Value: "0000-00-00"}, {Column: "shipped", Value: "2024-03-00 10:00:00"}}},
		{"columns listed in another order", []int{0, 1, 3, 2}, []profile.ZeroDate{{Column: "placed", Value: "0000-00-00"}, {Column: "shipped", Value: "0000-00-00"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := sampledZeroDates(def, c.cols, rows); !reflect.DeepEqual(got, c.want) {
				t.Errorf("got %+v, want %+v", got, c.want)
			}
		})
	}
}
