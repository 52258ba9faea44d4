package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spf13/pflag"
	"github.com/spf13/viper"

	"github.com/mytune/mytune/internal/usage"
)

// loadCase is one TestLoad case: the arguments and environment, and the
// values Load must give or the usage error it must return.
type loadCase struct {
	name    string
	args    []string
	env     map[string]string
	want    map[string]string
	wantErr string
}

// loadCases writes TestLoad's config files into dir and returns its
// cases, whose arguments name them.
func loadCases(dir string) []loadCase {
	good := filepath.Join(dir, "good.yaml")
	bad := filepath.Join(dir, "bad.yaml")
	os.WriteFile(good, []byte("datadir: /from/file\nduration: 5s\nformat: json\n"), 0o644)
	os.WriteFile(bad, []byte("datadir: [unclosed\n"), 0o644)
	under, bogus := filepath.Join(dir, "under.yaml"), filepath.Join(dir, "bogus.yaml")
	thr, maybe := filepath.Join(dir, "thr.yaml"), filepath.Join(dir, "maybe.yaml")
	os.WriteFile(under, []byte("max_bytes: 10MiB\n"), 0o644)
	os.WriteFile(bogus, []byte("bogus-key: 1\n"), 0o644)
	os.WriteFile(thr, []byte("datadir: /t\nthresholds:\n  slow_commits_per_s: 50\n"), 0o644)
	os.WriteFile(maybe, []byte("no-measure: maybe\n"), 0o644)
	bareTimeout, goodTimeout := filepath.Join(dir, "bare.yaml"), filepath.Join(dir, "timeout.yaml")
	os.WriteFile(bareTimeout, []byte("connect-timeout: 10\n"), 0o644)
	os.WriteFile(goodTimeout, []byte("connect-timeout: 10s\nbatch-rows: 500\n"), 0o644)
	fracRows := filepath.Join(dir, "frac.yaml")
	os.WriteFile(fracRows, []byte("batch-rows: 1.5\n"), 0o644)
	return []loadCase{
		{"file only", []string{"--config", good}, nil, map[string]string{"datadir": "/from/file", "duration": "5s", "format": "json"}, ""},
		{"env beats file", []string{"--config", good}, map[string]string{"MYTUNE_DATADIR": "/from/env"}, map[string]string{"datadir": "/from/env", "duration": "5s"}, ""},
		{"flag beats env", []string{"--config", good, "--datadir", "/from/flag"}, map[string]string{"MYTUNE_DATADIR": "/from/env"}, map[string]string{"datadir": "/from/flag"}, ""},
		{"MYTUNE_CONFIG names the file", nil, map[string]string{"MYTUNE_CONFIG": good}, map[string]string{"datadir": "/from/file"}, ""},
		{"a dash is an underscore", nil, map[string]string{"MYTUNE_MAX_BYTES": "1GiB"}, map[string]string{"max-bytes": "1GiB"}, ""},
		{"missing file", []string{"--config", filepath.Join(dir, "none.yaml")}, nil, nil, "none.yaml"},
		{"a directory", []string{"--config", dir}, nil, nil, "is a directory"},
		{"bad YAML", []string{"--config", bad}, nil, nil, "is not valid YAML: yaml: line"},
		{"a misspelt key", []string{"--config", under}, nil, nil, `unknown key "max_bytes" (did you mean max-bytes?`},
		{"a key no command has", []string{"--config", bogus}, nil, nil, `unknown key "bogus-key"`},
		{"thresholds is a section", []string{"--config", thr}, nil, map[string]string{"datadir": "/t"}, ""},
		{"a bool that is not one, env", nil, map[string]string{"MYTUNE_NO_MEASURE": "perhaps"}, nil, `no-measure = "perhaps"`},
		{"a bool that is not one, file", []string{"--config", maybe}, nil, nil, `no-measure = "maybe"`},
		{"a bool from the env", nil, map[string]string{"MYTUNE_NO_MEASURE": "true"}, map[string]string{"no-measure": "true"}, ""},
		{"a bare number for a duration, file (not 10ns)", []string{"--config", bareTimeout}, nil, nil, `connect-timeout = "10" (from MYTUNE_CONNECT_TIMEOUT or the config file): want a duration with a unit`},
		{"a bare number for a duration, env", nil, map[string]string{"MYTUNE_CONNECT_TIMEOUT": "10"}, nil, `connect-timeout = "10"`},
		{"a word for a duration (not the default)", nil, map[string]string{"MYTUNE_CONNECT_TIMEOUT": "abc"}, nil, `want a duration with a unit`},
		{"a duration and a count from the file", []string{"--config", goodTimeout}, nil, map[string]string{"connect-timeout": "10s", "batch-rows": "500"}, ""},
		{"a word for a count (not 0)", nil, map[string]string{"MYTUNE_BATCH_ROWS": "abc"}, nil, `batch-rows = "abc" (from MYTUNE_BATCH_ROWS or the config file): want a whole number`},
		{"a fraction for a count", []string{"--config", fracRows}, nil, nil, `batch-rows = "1.5"`},
		{"a word for a uint", nil, map[string]string{"MYTUNE_ROWS": "-3"}, nil, `rows = "-3"`},
		{"a word for a float", nil, map[string]string{"MYTUNE_SHARE": "half"}, nil, `share = "half"`},
	}
}

// TestLoad: a typed flag beats MYTUNE_*, which beats the --config file;
// a bad file is a usage error that names it (and the line, for YAML).
func TestLoad(t *testing.T) {
	dir := t.TempDir()
	for _, c := range loadCases(dir) {
		t.Run(c.name, func(t *testing.T) {
			for k, val := range c.env {
				t.Setenv(k, val)
			}
			fs := pflag.NewFlagSet("x", pflag.ContinueOnError)
			fs.String("config", "", "")
			fs.String("datadir", "", "")
			fs.String("duration", "10s", "")
			fs.String("format", "text", "")
			fs.String("max-bytes", "256MiB", "")
			fs.Bool("no-measure", false, "")
			fs.Duration("connect-timeout", 5*time.Second, "")
			fs.Int("batch-rows", 1000, "")
			fs.Uint64("rows", 0, "")
			fs.Float64("share", 0.5, "")
			if err := fs.Parse(c.args); err != nil {
				t.Fatal(err)
			}
			v := viper.New()
			err := Load(v, fs, map[string]bool{"config": true, "datadir": true, "duration": true, "format": true, "max-bytes": true, "no-measure": true, "thresholds": true,
				"connect-timeout": true, "batch-rows": true, "rows": true, "share": true})
			if c.wantErr != "" {
				if err == nil || !usage.Is(err) || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("err = %v, want a usage error with %q", err, c.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for k, want := range c.want {
				if got := v.GetString(k); got != want {
					t.Errorf("%s = %q, want %q", k, got, want)
				}
			}
		})
	}
}
