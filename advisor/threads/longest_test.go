package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestPacketRisk: what the plan says a mysqldump load does when its
// longest statement outgrows max_allowed_packet names the error the
// mariadb client prints (QA: "ERROR 2006 (HY000) at line 1064: Server has
// gone away", mariadb 10.11) and a DROP TABLE only when the file has one
// (QA: --no-create-info and --skip-add-drop-table files drop nothing).
func TestPacketRisk(t *testing.T) {
	cases := []struct {
		name    string
		dump    profile.Dump
		want    []string
		notWant string
	}{
		{"--add-drop-table (the default)", profile.Dump{Format: "mysqldump", DropsTables: true, LargestLineBytes: 40 << 20},
			[]string{"ERROR 2006 (HY000): Server has gone away", "ERROR 1153", "DROP TABLE IF EXISTS has emptied the table"}, ""},
		{"--skip-add-drop-table", profile.Dump{Format: "mysqldump", LargestLineBytes: 40 << 20},
			[]string{"ERROR 2006", "created and holding only the rows before"}, "DROP TABLE"},
		{"--no-create-info", profile.Dump{Format: "mysqldump", CreatesNoTable: true, LargestLineBytes: 40 << 20},
			[]string{"ERROR 2006", "the rows before it added"}, "DROP TABLE"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := c.dump
			n, _, risk := longestStatement(&d)
			if n != d.LargestLineBytes {
				t.Errorf("longest %d, want %d", n, d.LargestLineBytes)
			}
			for _, w := range c.want {
				if !strings.Contains(risk, w) {
					t.Errorf("risk %q, want %q in it", risk, w)
				}
			}
			if c.notWant != "" && strings.Contains(risk, c.notWant) {
				t.Errorf("risk %q, want no %q in it", risk, c.notWant)
			}
		})
	}
}
