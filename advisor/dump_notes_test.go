package advisor

import (
	"context"
	"reflect"
	"testing"

	"github.com/mytune/mytune/probe/dump"
	"github.com/mytune/mytune/profile"
)

// TestDumpNotes: the dump reader's notes reach the report, but for the two
// the restore plan restates (the notes are probe/dump's own wording).
func TestDumpNotes(t *testing.T) {
	cases := []struct {
		name string
		d    *profile.Dump
		want []string
	}{
		{"no dump", nil, nil},
		{"an unfinished mydumper dump", &profile.Dump{Format: "mydumper",
			Notes: []string{"no metadata file: the dump may not have finished (mydumper renames metadata.partial when done)"}},
			[]string{"dump: no metadata file: the dump may not have finished (mydumper renames metadata.partial when done)"}},
		{"a mysqldump file without --databases and --no-create-info", &profile.Dump{Format: "mysqldump", NoUseStatement: true,
			Notes: []string{"1 of 2 tables (1.0 KiB of data) are MyISAM, not InnoDB",
				"the file selects no database (dumped without --databases): its load must name one",
				"a mysqldump file loads through one client session: it cannot be restored in parallel",
				"the file creates no table (dumped with --no-create-info): its tables must exist on the target before it loads"}},
			[]string{"dump: 1 of 2 tables (1.0 KiB of data) are MyISAM, not InnoDB",
				"dump: the file creates no table (dumped with --no-create-info): its tables must exist on the target before it loads"}},
		{"a mysqldump file with replication statements: the plan names them", &profile.Dump{Format: "mysqldump",
			ReplicationStatements: []string{"SET GLOBAL gtid_slave_pos"},
			Notes:                 []string{"the file runs replication statements (SET GLOBAL gtid_slave_pos: …)"}}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := dumpNotes(c.d); !reflect.DeepEqual(got, c.want) {
				t.Errorf("dumpNotes = %q, want %q", got, c.want)
			}
		})
	}
}

// TestDumpNotesRealFile: on a real mariadb-dump file without --databases,
// read by probe/dump, the two notes the plan restates are the ones left
// out (so a change of the reader's wording fails here, not in a report).
func TestDumpNotesRealFile(t *testing.T) {
	d, err := dump.Read(context.Background(), "../probe/dump/testdata/mariadb-dump-10.11-nodb.sql")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Notes) != 2 || !d.NoUseStatement {
		t.Fatalf("the reader's notes changed: %q (no USE: %v)", d.Notes, d.NoUseStatement)
	}
	if got := dumpNotes(d); len(got) != 0 {
		t.Errorf("dumpNotes = %q, want none: the plan says both", got)
	}
}
