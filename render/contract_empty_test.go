package render

import (
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/mytune/mytune/advisor"
	"github.com/mytune/mytune/profile"
)

// TestContractEmptyListsNotOmitted: a field CONTRACT.md shows as [] or {}
// (or as a list of [{…}]) is always in the JSON, empty included, so no struct field of that JSON
// name may be tagged omitempty (QA: an account that reads no table got no
// "largest_tables" or "engines", and a script indexing them a KeyError).
func TestContractEmptyListsNotOmitted(t *testing.T) {
	doc, err := os.ReadFile("../CONTRACT.md")
	if err != nil {
		t.Fatal(err)
	}
	marked := map[string]bool{}
	for _, m := range regexp.MustCompile(`"([a-z_]+)": *(\[\]|\{\}|\[\{|\[")`).FindAllStringSubmatch(string(doc), -1) {
		marked[m[1]] = true
	}
	if len(marked) < 10 {
		t.Fatalf("read only %d marked fields from CONTRACT.md: %v", len(marked), marked)
	}
	seen := map[reflect.Type]bool{}
	var walk func(reflect.Type, string)
	walk = func(ty reflect.Type, path string) {
		for ty.Kind() == reflect.Pointer || ty.Kind() == reflect.Slice || ty.Kind() == reflect.Map || ty.Kind() == reflect.Array {
			ty = ty.Elem()
		}
		if ty.Kind() != reflect.Struct || seen[ty] {
			return
		}
		seen[ty] = true
		for i := 0; i < ty.NumField(); i++ {
			f := ty.Field(i)
			name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
			if marked[name] && strings.Contains(opts, "omitempty") &&
				(f.Type.Kind() == reflect.Slice || f.Type.Kind() == reflect.Map) {
				t.Errorf("%s.%s (json %q) is omitempty, but CONTRACT.md shows it as always present", path, f.Name, name)
			}
			walk(f.Type, path+"."+f.Name)
		}
	}
	walk(reflect.TypeOf(profile.Profile{}), "Profile")
	walk(reflect.TypeOf(advisor.Advice{}), "Advice")
	walk(reflect.TypeOf(profile.DumpCalibration{}), "DumpCalibration")
}
