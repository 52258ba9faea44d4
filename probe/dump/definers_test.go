package dump

import (
	"slices"
	"testing"
)

// TestDefiners: the accounts a dump's objects run as, as mydumper 0.10
// and mariadb-dump 10.11.19 write them (2026-12-07).
func TestDefiners(t *testing.T) {
	cases := []struct {
		name, text string
		want       []string
	}{
		{"routine", "CREATE DEFINER=`root`@`localhost` FUNCTION `f`(x int) RETURNS int", []string{"root@localhost"}},
		{"mysqldump trigger", "/*!50003 CREATE*/ /*!50017 DEFINER=`app`@`%`*/ /*!50003 TRIGGER tr AFTER INSERT ON t", []string{"app@%"}},
		{"view", "CREATE ALGORITHM=UNDEFINED DEFINER=`app`@`10.0.%` SQL SECURITY DEFINER VIEW `v` AS select 1", []string{"app@10.0.%"}},
		{"a doubled backquote", "CREATE DEFINER=`o``k`@`h` PROCEDURE p() select 1", []string{"o`k@h"}},
		{"CURRENT_USER names none", "CREATE DEFINER=CURRENT_USER PROCEDURE p() select 1", nil},
		{"two in one file", "DEFINER=`a`@`%` x; DEFINER=`b`@`localhost` y; DEFINER=`a`@`%` z", []string{"a@%", "b@localhost"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := definers{}
			d.add(c.text)
			if got := d.list(); !slices.Equal(got, c.want) {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}
