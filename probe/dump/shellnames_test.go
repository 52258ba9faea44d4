package dump

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// TestShellTruncatedBasenames: MySQL Shell cuts file basenames at 225
// characters and adds an ordinal (QA9 sh-trunc); the tables are named from
// the schema's .json "basenames", with @.done.json's sizes, not after the
// cut file names with 0 bytes. Without that .json the file names are all
// there is.
func TestShellTruncatedBasenames(t *testing.T) {
	pad := strings.Repeat(" ", 40)
	cases := []struct {
		name   string
		remove string // a file taken out of the copy
		want   []string
	}{
		{"names from the schema's basenames, sizes from @.done.json", "",
			[]string{"s" + pad + "x.big" + pad + "one 1357780 2", "s" + pad + "x.big" + pad + "two 32280 1"}},
		{"no schema .json: the cut names, as before", "s" + strings.Repeat("%20", 40) + "x.json",
			[]string{"s" + pad + "x.big" + pad[:33] + "0 0 2", "s" + pad + "x.big" + pad[:33] + "1 0 1"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			copyDir(t, "testdata/mysqlsh-trunc", dir)
			if c.remove != "" {
				if err := os.Remove(filepath.Join(dir, c.remove)); err != nil {
					t.Fatal(err)
				}
			}
			d, err := Read(context.Background(), dir)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, tb := range d.TopTables {
				got = append(got, tb.Name+" "+strconv.FormatUint(tb.Bytes, 10)+" "+strconv.Itoa(tb.Chunks))
			}
			sort.Strings(got)
			if strings.Join(got, "|") != strings.Join(c.want, "|") || d.Tables != 2 || d.Chunks != 3 {
				t.Errorf("tables %d, chunks %d: %q\nwant %q", d.Tables, d.Chunks, got, c.want)
			}
		})
	}
}
