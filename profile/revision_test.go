package profile

import (
	"crypto/sha256"
	"encoding/hex"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"
)

// fieldsHash is the sha256 of the sorted JSON field paths of Profile at
// FieldsRevision (jsonPaths): adding a field changes it, and the test
// below then asks for FieldsRevision to be raised with it.
const fieldsHash = "e814c8f0f4487af3a1ff4ac387387ebfbf2f26315ef893e1a60e262b3672cad9"

// TestFieldsRevision: a field added to the profile raises FieldsRevision,
// so a profile saved before it says it is older (review r57: profiles
// saved by six commits of mytune's history carried only "tool_version":
// "dev", and nothing told today's mytune what they lacked).
func TestFieldsRevision(t *testing.T) {
	paths := jsonPaths(reflect.TypeOf(Profile{}), "", map[reflect.Type]bool{})
	sort.Strings(paths)
	sum := sha256.Sum256([]byte(strings.Join(paths, "\n")))
	if got := hex.EncodeToString(sum[:]); got != fieldsHash {
		t.Errorf("the profile's JSON fields changed (%d paths): raise FieldsRevision to %d and set fieldsHash to %q "+
			"(and name the new fields in CONTRACT.md)", len(paths), FieldsRevision+1, got)
	}
	cases := []struct {
		name  string
		rev   int
		older bool
	}{
		{"absent: a mytune before fields_revision", 0, true},
		{"this mytune's", FieldsRevision, false},
		{"a newer mytune's", FieldsRevision + 1, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := (&Profile{FieldsRevision: c.rev}).OlderFields(); got != c.older {
				t.Errorf("OlderFields = %v, want %v", got, c.older)
			}
		})
	}
}

// jsonPaths lists t's JSON field paths ("storage.seq_write.mb_per_s",
// "[]" for a list's items, "{}" for a map's values), each struct type once
// on a path (seen) so a recursive type ends.
func jsonPaths(t reflect.Type, prefix string, seen map[reflect.Type]bool) []string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		return jsonPaths(t.Elem(), prefix+"[]", seen)
	case reflect.Map:
		return jsonPaths(t.Elem(), prefix+"{}", seen)
	case reflect.Struct:
		if t == reflect.TypeOf(time.Time{}) || seen[t] {
			return nil
		}
	default:
		return nil
	}
	seen[t] = true
	defer delete(seen, t)
	var out []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if name == "" && f.Anonymous {
			out = append(out, jsonPaths(f.Type, prefix, seen)...)
			continue
		}
		if name == "" {
			name = f.Name
		}
		p := strings.TrimPrefix(prefix+"."+name, ".")
		out = append(out, p)
		out = append(out, jsonPaths(f.Type, p, seen)...)
	}
	return out
}
