package render

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
	"testing"
)

// TestParsePromLabel: NAME=VALUE with a valid, unreserved name that none
// of mytune's series carry; the value is free text.
func TestParsePromLabel(t *testing.T) {
	cases := []struct {
		name, in string
		want     Label
		err      string
	}{
		{"plain", "datadir=main", Label{"datadir", "main"}, ""},
		{"value with = and spaces", "instance_name=db 2=b", Label{"instance_name", "db 2=b"}, ""},
		{"empty value", "datadir=", Label{"datadir", ""}, ""},
		{"no =", "datadir", Label{}, "write NAME=VALUE"},
		{"name starts with a digit", "2nd=x", Label{}, "not a Prometheus label name"},
		{"name with a dash", "data-dir=x", Label{}, "not a Prometheus label name"},
		{"reserved", "__name__=x", Label{}, "reserved"},
		{"one of mytune's own", "path=x", Label{}, "already carry"},
		{"threads", "threads=x", Label{}, "already carry"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParsePromLabel(tc.in)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one containing %q", err, tc.err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("got %+v, %v; want %+v", got, err, tc.want)
			}
		})
	}
	if _, err := ParsePromLabels([]string{"datadir=a", "datadir=b"}); err == nil || !strings.Contains(err.Error(), "twice") {
		t.Errorf("a name given twice: %v", err)
	}
}

// TestPromLabelsKeepTwoDatadirsApart: node_exporter's textfile collector
// merges the *.prom files of its directory and drops a series that two
// files both have ("collected before with the same name and label
// values"); two datadirs' probes on one host gave identical series. With
// --prom-label each file is valid on its own and the two share no series.
func TestPromLabelsKeepTwoDatadirsApart(t *testing.T) {
	p := loadProfile(t, "unmeasured.json")
	render := func(labels ...Label) []promSeries {
		var buf bytes.Buffer
		if err := Profile(&buf, p, Options{Format: "prom", PromLabels: labels}); err != nil {
			t.Fatal(err)
		}
		series, err := promCheck(buf.String())
		if err != nil {
			t.Fatalf("invalid exposition: %v\n%s", err, buf.String())
		}
		return series
	}
	cases := []struct {
		name       string
		a, b       []Label
		duplicates bool
	}{
		{"no labels: the files collide", nil, nil, true},
		{"datadir=main and datadir=replica", []Label{{"datadir", "main"}}, []Label{{"datadir", "replica"}}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			seen, dup := map[string]bool{}, 0
			for _, s := range append(render(tc.a...), render(tc.b...)...) {
				key := seriesKey(s)
				if seen[key] {
					dup++
				}
				seen[key] = true
				for _, l := range tc.a {
					if _, ok := s.labels[l.Name]; !ok {
						t.Errorf("%s lacks the label %s", s.name, l.Name)
					}
				}
			}
			if (dup > 0) != tc.duplicates {
				t.Errorf("%d series in both files, want duplicates %v", dup, tc.duplicates)
			}
		})
	}
}

// seriesKey is a series' name and sorted labels.
func seriesKey(s promSeries) string {
	parts := make([]string, 0, len(s.labels))
	for k, v := range s.labels {
		parts = append(parts, fmt.Sprintf("%s=%q", k, v))
	}
	sort.Strings(parts)
	return s.name + "{" + strings.Join(parts, ",") + "}"
}
