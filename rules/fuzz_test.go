package rules

import (
	"io/fs"
	"testing"

	"github.com/mytune/mytune/configs"
	"github.com/mytune/mytune/profile"
)

// FuzzParseRuleFile feeds arbitrary rule files to the loader: it must
// refuse bad ones with an error, never panic, and a rule it accepts must
// evaluate (or fail with an error) on an empty and on a realistic profile.
func FuzzParseRuleFile(f *testing.F) {
	files, _ := fs.Glob(configs.Rules, "rules/*.yaml")
	for _, name := range files {
		if doc, err := fs.ReadFile(configs.Rules, name); err == nil {
			f.Add(string(doc))
		}
	}
	f.Add("rules:\n  - id: x\n    severity: warn\n    category: io\n    when: 'Storage.Fsync.P50US > 1000'\n    summary: s\n    detail: '{{Storage.Fsync.P50US}}'\n")
	f.Add("rules: [{id: y, when: '1/0 > 0'}]")
	th, err := DefaultThresholds()
	if err != nil {
		f.Fatal(err)
	}
	realistic := profile.Profile{Storage: profile.Storage{Measured: true, Class: profile.ClassSDCard,
		Fsync: profile.Latency{P50US: 2000, P99US: 90000}, RandWrite: []profile.ThreadPoint{{Threads: 1, IOPS: 150}}},
		Host: profile.Host{Memory: profile.Memory{TotalBytes: 4 << 30}, CPU: profile.CPU{Logical: 4}}}
	f.Fuzz(func(t *testing.T, doc string) {
		rules, err := parseFile([]byte(doc), "fuzz.yaml")
		if err != nil {
			return
		}
		cat := &Catalogue{Rules: rules, Thresholds: th}
		for _, p := range []profile.Profile{{}, realistic} {
			// without a server the target is unknown: name one of each flavor
			for _, target := range []string{"mysql-8.4", "mariadb-10.11"} {
				tgt, _, err := ResolveTarget(p, target)
				if err != nil {
					continue
				}
				facts, err := BuildFacts(p, tgt)
				if err != nil {
					t.Fatalf("facts for %s: %v", target, err)
				}
				_, _ = cat.Evaluate(NewEnv(p, facts, th, "strict"))
			}
		}
	})
}
