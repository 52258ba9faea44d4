package dump

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
)

// TestMysqldumpSequence: a mariadb-dump file's CREATE SEQUENCE (one line,
// no CREATE TABLE) is a table of the sequence kind, as mydumper's SEQUENCE=1
// table is (review r54 open: such a file's sequences were not listed).
func TestMysqldumpSequence(t *testing.T) {
	d, err := Read(context.Background(), filepath.Join("testdata", "mariadb-dump-10.11-sequence.sql"))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(d.SequenceTables, []string{"sq.s_order"}) {
		t.Errorf("sequence tables %q, want [sq.s_order]", d.SequenceTables)
	}
	if d.Tables != 2 {
		t.Errorf("tables %d, want 2 (the sequence and sq.t)", d.Tables)
	}
}
