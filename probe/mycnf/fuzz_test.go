package mycnf

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzParse feeds arbitrary bytes to the parser; it must never panic.
// The fixtures in testdata are the seed corpus.
func FuzzParse(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join("testdata", "*.cnf"))
	for _, p := range paths {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("[mysqld]\na='\\\nb=\"#\n!include\n["))
	f.Fuzz(func(t *testing.T, data []byte) {
		opts, err := ParseBytes("fuzz.cnf", data, nil, Config{NoIncludes: true})
		if err != nil {
			return
		}
		_ = opts.Variables()
		for _, fl := range []string{flavorMariaDB, flavorMySQL} {
			r := opts.ReadAs(fl)
			_ = r.Base.Variables()
		}
		for _, o := range opts.List {
			if o.Line < 1 {
				t.Fatalf("option %q has line %d", o.Name, o.Line)
			}
		}
	})
}
