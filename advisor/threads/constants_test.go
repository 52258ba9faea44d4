package threads

import (
	_ "embed"
	"encoding/json"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// constantsJSON is the ledger of the package's numeric constants: what
// each rests on (a citation, a fit to the beds, a measurement on the
// target, or a design choice). docs/fitted-constants.md is its text for
// people (issue 19, point 6).
//
//go:embed data/constants.json
var constantsJSON []byte

// constantEntry is one constant of data/constants.json.
type constantEntry struct {
	Name       string          `json:"name"`
	Value      json.RawMessage `json:"value"`
	Code       string          `json:"code,omitempty"`
	File       string          `json:"file"`
	Kind       string          `json:"kind"`
	Citation   string          `json:"citation,omitempty"`
	FittedOn   string          `json:"fitted_on,omitempty"`
	Doc        string          `json:"doc,omitempty"`
	ReplacedBy string          `json:"replaced_by,omitempty"`
	Why        string          `json:"why,omitempty"`
}

// constantKinds names what each kind must say, as the JSON field.
var constantKinds = map[string]string{
	"cited":              "citation",
	"fitted":             "fitted_on",
	"measured-on-target": "replaced_by",
	"choice":             "why",
}

// codeConstant is an exported constant found in the package's source:
// its value (a constant.Value for numbers, a string, or a version map
// rendered as strings) and its file.
type codeConstant struct {
	value any
	file  string
}

// sizeString is a string constant that is a number with a size suffix
// (MySQL Shell's "64M"): a number too.
var sizeString = regexp.MustCompile(`^[0-9]+[KMGT]?$`)

// benchDoc finds the benchmark docs a fitted entry names.
var benchDoc = regexp.MustCompile(`docs/benchmarks/[A-Za-z0-9_.-]+\.md`)

// flavorKeys resolves the selectors the version maps are keyed by.
var flavorKeys = map[string]string{
	"profile.FlavorMariaDB": profile.FlavorMariaDB,
	"profile.FlavorMySQL":   profile.FlavorMySQL,
	"profile.FlavorPercona": profile.FlavorPercona,
}

// collectConstants parses the non-test Go files of dir and returns every
// exported const or var whose value is a number (a literal or a constant
// expression of literals and other constants), a size string, a
// profile.Version literal or a map of them, by name.
func collectConstants(t *testing.T, dir string) map[string]codeConstant {
	t.Helper()
	fset := token.NewFileSet()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	env := map[string]constant.Value{}
	var specs []valueSpec
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		specs = append(specs, valueSpecs(f, filepath.Base(name))...)
	}
	return evalSpecs(specs, env)
}

// valueSpec is one name of a const or var declaration with its value.
type valueSpec struct {
	name, file string
	expr       ast.Expr
}

// valueSpecs lists the package-level names with a value in f.
func valueSpecs(f *ast.File, file string) []valueSpec {
	var out []valueSpec
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || (g.Tok != token.CONST && g.Tok != token.VAR) {
			continue
		}
		for _, s := range g.Specs {
			vs := s.(*ast.ValueSpec)
			for i, n := range vs.Names {
				if i < len(vs.Values) {
					out = append(out, valueSpec{n.Name, file, vs.Values[i]})
				}
			}
		}
	}
	return out
}

// evalSpecs evaluates the specs until no more resolve (a constant may name
// one declared later), keeping the exported ones that are numbers.
func evalSpecs(specs []valueSpec, env map[string]constant.Value) map[string]codeConstant {
	out := map[string]codeConstant{}
	for changed := true; changed; {
		changed = false
		for _, s := range specs {
			if _, done := env[s.name]; done {
				continue
			}
			if v, ok := evalNumber(s.expr, env); ok {
				env[s.name], changed = v, true
			}
		}
	}
	for _, s := range specs {
		if !ast.IsExported(s.name) {
			continue
		}
		if v, ok := env[s.name]; ok && v.Kind() != constant.String {
			out[s.name] = codeConstant{v, s.file}
		} else if ok && sizeString.MatchString(constant.StringVal(v)) {
			out[s.name] = codeConstant{constant.StringVal(v), s.file}
		} else if v, ok := evalVersions(s.expr); ok {
			out[s.name] = codeConstant{v, s.file}
		}
	}
	return out
}

// evalNumber evaluates a constant expression of literals and the
// constants in env; ok is false for anything else.
func evalNumber(e ast.Expr, env map[string]constant.Value) (constant.Value, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		v := constant.MakeFromLiteral(e.Value, e.Kind, 0)
		return v, v.Kind() != constant.Unknown
	case *ast.ParenExpr:
		return evalNumber(e.X, env)
	case *ast.Ident:
		v, ok := env[e.Name]
		return v, ok
	case *ast.UnaryExpr:
		x, ok := evalNumber(e.X, env)
		if !ok || x.Kind() == constant.String {
			return nil, false
		}
		return constant.UnaryOp(e.Op, x, 0), true
	case *ast.BinaryExpr:
		x, okx := evalNumber(e.X, env)
		y, oky := evalNumber(e.Y, env)
		if !okx || !oky || x.Kind() == constant.String || y.Kind() == constant.String {
			return nil, false
		}
		if e.Op == token.SHL || e.Op == token.SHR {
			n, _ := constant.Uint64Val(y)
			return constant.Shift(x, e.Op, uint(n)), true
		}
		if e.Op == token.QUO && x.Kind() == constant.Int && y.Kind() == constant.Int {
			return constant.BinaryOp(x, token.QUO_ASSIGN, y), true // integer division
		}
		return constant.BinaryOp(x, e.Op, y), true
	}
	return nil, false
}

// evalVersions renders a profile.Version literal as "M.m.p", and a map
// literal of them as flavor → "M.m.p"; ok is false for anything else.
func evalVersions(e ast.Expr) (any, bool) {
	c, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil, false
	}
	if _, isMap := c.Type.(*ast.MapType); !isMap {
		return versionText(c)
	}
	out := map[string]any{}
	for _, el := range c.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			return nil, false
		}
		key, ok := mapKey(kv.Key)
		v, okv := versionText(kv.Value)
		if !ok || !okv {
			return nil, false
		}
		out[key] = v
	}
	return out, len(out) > 0
}

// mapKey is a version map's key: a string literal or a profile.Flavor constant.
func mapKey(e ast.Expr) (string, bool) {
	if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
		s, err := strconv.Unquote(lit.Value)
		return s, err == nil
	}
	if sel, ok := e.(*ast.SelectorExpr); ok {
		if x, ok := sel.X.(*ast.Ident); ok {
			s, ok := flavorKeys[x.Name+"."+sel.Sel.Name]
			return s, ok
		}
	}
	return "", false
}

// versionText renders a Version{Major: …, Minor: …, Patch: …} literal.
func versionText(e ast.Expr) (any, bool) {
	c, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil, false
	}
	if sel, isSel := c.Type.(*ast.SelectorExpr); c.Type != nil && (!isSel || sel.Sel.Name != "Version") {
		return nil, false
	}
	parts := map[string]string{"Major": "0", "Minor": "0", "Patch": "0"}
	for _, el := range c.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			return nil, false
		}
		k, okk := kv.Key.(*ast.Ident)
		lit, okl := kv.Value.(*ast.BasicLit)
		if !okk || !okl || lit.Kind != token.INT {
			return nil, false
		}
		if _, known := parts[k.Name]; !known {
			return nil, false
		}
		parts[k.Name] = lit.Value
	}
	return parts["Major"] + "." + parts["Minor"] + "." + parts["Patch"], true
}

// loadLedger reads data/constants.json: its entries by name, and each
// entry's raw fields (to check that a key is present even when null).
func loadLedger(t *testing.T) ([]constantEntry, []map[string]json.RawMessage) {
	t.Helper()
	var doc struct {
		Constants []json.RawMessage `json:"constants"`
	}
	if err := json.Unmarshal(constantsJSON, &doc); err != nil {
		t.Fatalf("data/constants.json: %v", err)
	}
	entries := make([]constantEntry, len(doc.Constants))
	raws := make([]map[string]json.RawMessage, len(doc.Constants))
	for i, c := range doc.Constants {
		if err := json.Unmarshal(c, &entries[i]); err != nil {
			t.Fatalf("data/constants.json entry %d: %v", i, err)
		}
		if err := json.Unmarshal(c, &raws[i]); err != nil {
			t.Fatalf("data/constants.json entry %d: %v", i, err)
		}
	}
	return entries, raws
}

// sameValue reports whether the ledger's JSON value is the code's.
func sameValue(code any, raw json.RawMessage) bool {
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return false
	}
	if cv, ok := code.(constant.Value); ok {
		n, ok := v.(json.Number)
		if !ok {
			return false
		}
		kind := token.INT
		if strings.ContainsAny(string(n), ".eE") {
			kind = token.FLOAT
		}
		jv := constant.MakeFromLiteral(string(n), kind, 0)
		return jv.Kind() != constant.Unknown && constant.Compare(cv, token.EQL, jv)
	}
	return reflect.DeepEqual(code, v)
}

// TestConstantsLedgerMatchesCode: every exported numeric constant of the
// package's non-test files is in data/constants.json, with the value and
// file of the code, and the ledger names none that no longer exists; so a
// new constant cannot land without being classified.
func TestConstantsLedgerMatchesCode(t *testing.T) {
	code := collectConstants(t, ".")
	entries, _ := loadLedger(t)
	seen := map[string]bool{}
	for _, e := range entries {
		if seen[e.Name] {
			t.Errorf("%s: listed twice in data/constants.json", e.Name)
		}
		seen[e.Name] = true
		c, ok := code[e.Name]
		switch {
		case !ok:
			t.Errorf("%s: in data/constants.json but no exported numeric constant of that name in the package: remove it", e.Name)
		case c.file != e.File:
			t.Errorf("%s: data/constants.json says file %q, the code has it in %q", e.Name, e.File, c.file)
		case !sameValue(c.value, e.Value):
			t.Errorf("%s: data/constants.json says value %s, the code %v", e.Name, e.Value, c.value)
		}
	}
	var missing []string
	for name := range code {
		if !seen[name] {
			missing = append(missing, name)
		}
	}
	slices.Sort(missing)
	for _, name := range missing {
		t.Errorf("%s (%s = %v): not in data/constants.json: classify it (cited, fitted, measured-on-target or choice) there and in docs/fitted-constants.md",
			name, code[name].file, code[name].value)
	}
}

// TestConstantsLedgerEntries: each entry has a kind and what that kind
// must say (a citation, the cells it was fitted on with their benchmark
// doc, the target's field that replaces it, or why it was chosen), and
// the keys heldout_error and band, null until known.
func TestConstantsLedgerEntries(t *testing.T) {
	entries, raws := loadLedger(t)
	for i, e := range entries {
		field, ok := constantKinds[e.Kind]
		if !ok {
			t.Errorf("%s: kind %q is not one of cited, fitted, measured-on-target, choice", e.Name, e.Kind)
			continue
		}
		if got := strings.TrimSpace(string(raws[i][field])); got == "" || got == `""` || got == "null" {
			t.Errorf("%s: a %s constant needs %q", e.Name, e.Kind, field)
		}
		for _, key := range []string{"heldout_error", "band"} {
			if _, ok := raws[i][key]; !ok {
				t.Errorf("%s: no %q key (null when not known)", e.Name, key)
			}
		}
		if e.Kind != "fitted" {
			continue
		}
		switch {
		case strings.HasPrefix(e.Doc, "not in docs/benchmarks:"): // a gap the ledger names
		case !strings.HasPrefix(e.Doc, "docs/benchmarks/"):
			t.Errorf("%s: a fitted constant names its benchmark doc (docs/benchmarks/…, or \"not in docs/benchmarks: …\"), got %q", e.Name, e.Doc)
		default:
			for _, d := range benchDoc.FindAllString(e.Doc, -1) {
				if _, err := os.Stat(filepath.Join("..", "..", d)); err != nil {
					t.Errorf("%s: doc %s: %v", e.Name, d, err)
				}
			}
		}
	}
}

// TestFittedConstantsDoc: docs/fitted-constants.md, the ledger for
// people, names every constant of data/constants.json, and each fitted
// one in its table of fitted constants.
func TestFittedConstantsDoc(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "docs", "fitted-constants.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	fitted, rest, ok := strings.Cut(doc, "## The other constants")
	if !ok {
		t.Fatal(`docs/fitted-constants.md: no "## The other constants" section`)
	}
	entries, _ := loadLedger(t)
	for _, e := range entries {
		in := rest
		if e.Kind == "fitted" {
			in = fitted
		}
		if !strings.Contains(in, "| `"+e.Name+"` |") {
			t.Errorf("%s (%s): no row \"| `%s` |\" in its table of docs/fitted-constants.md", e.Name, e.Kind, e.Name)
		}
	}
}

// TestCollectConstants: what the ledger's collector counts as a constant
// to classify, and what it leaves out.
func TestCollectConstants(t *testing.T) {
	cases := []struct {
		src  string
		want map[string]any // name → value; constant.Value shown as its String
	}{
		{"const A = 16 << 10", map[string]any{"A": "16384"}},
		{"const A, B = 2.2, 4.4", map[string]any{"A": "2.2", "B": "4.4"}},
		{"const a = 3\nconst B = a * 2", map[string]any{"B": "6"}},
		{"const B = C + 1\nconst C = 1", map[string]any{"B": "2", "C": "1"}},
		{"const S = \"64M\"\nconst T = \"on\"", map[string]any{"S": "64M"}},
		{"var V = profile.Version{Major: 8, Minor: 0, Patch: 21}", map[string]any{"V": "8.0.21"}},
		{"var M = map[string]profile.Version{profile.FlavorMariaDB: {Major: 10, Minor: 9}, \"mysql\": {Major: 8}}",
			map[string]any{"M": map[string]any{"mariadb": "10.9.0", "mysql": "8.0.0"}}},
		{"var D = mustX(data)\nvar E = []int{1}", map[string]any{}},
	}
	for _, c := range cases {
		f, err := parser.ParseFile(token.NewFileSet(), "x.go", "package threads\n"+c.src, 0)
		if err != nil {
			t.Fatalf("%q: %v", c.src, err)
		}
		got := map[string]any{}
		for name, cc := range evalSpecs(valueSpecs(f, "x.go"), map[string]constant.Value{}) {
			got[name] = cc.value
			if v, ok := cc.value.(constant.Value); ok {
				got[name] = v.String()
			}
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: collected %v, want %v", c.src, got, c.want)
		}
	}
}
