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

// TestShellTruncatedBasenamesSource: calibrate --dump's reader (OpenSource)
// and the row model name such tables from the schema's basenames too (QA9
// left: calibrate named them by their cut file names).
func TestShellTruncatedBasenamesSource(t *testing.T) {
	pad := strings.Repeat(" ", 40)
	src, err := OpenSource(context.Background(), "testdata/mysqlsh-trunc")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, tb := range src.Tables {
		got = append(got, tb.Schema+"."+tb.Name)
	}
	sort.Strings(got)
	want := []string{"s" + pad + "x.big" + pad + "one", "s" + pad + "x.big" + pad + "two"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("calibrate's tables %q, want %q", got, want)
	}
	d, err := Read(context.Background(), "testdata/mysqlsh-trunc")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range d.TableModels {
		if !strings.HasSuffix(m.Name, "one") && !strings.HasSuffix(m.Name, "two") || m.Bytes == 0 {
			t.Errorf("row model %q with %d bytes: want a table named from the basenames, with its bytes", m.Name, m.Bytes)
		}
	}
}
