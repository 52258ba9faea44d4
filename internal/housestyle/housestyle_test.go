// Package housestyle holds the test that keeps the house style's size
// limits: every Go file under 500 lines, every function outside tests at
// most 60 lines.
package housestyle

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// maxFileLines and maxFuncLines are the house style's limits: files < 500
// lines, functions < 60 (counted from the func keyword to the closing brace,
// so a 60-line span is the largest allowed).
const (
	maxFileLines = 499
	maxFuncLines = 60
)

// goFiles lists the module's Go files, dist/ and hidden directories left out.
func goFiles(t *testing.T, root string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != root && (d.Name() == "dist" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".go") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		t.Fatalf("walking %s: %v", root, err)
	}
	if len(files) < 100 {
		t.Fatalf("found %d Go files under %s: not the module root?", len(files), root)
	}
	return files
}

func TestSizeLimits(t *testing.T) {
	root := filepath.Join("..", "..")
	fset := token.NewFileSet()
	for _, p := range goFiles(t, root) {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(src), "\n"); n > maxFileLines {
			t.Errorf("%s: %d lines, the house style keeps files under 500: split it by what it reads or judges", p, n)
		}
		if strings.HasSuffix(p, "_test.go") {
			continue // a test's table may run long
		}
		f, err := parser.ParseFile(fset, p, src, 0)
		if err != nil {
			t.Fatalf("parsing %s: %v", p, err)
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			if n := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1; n > maxFuncLines {
				t.Errorf("%s: func %s is %d lines, the house style keeps functions under 60", p, fd.Name.Name, n)
			}
		}
	}
}
