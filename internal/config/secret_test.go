package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/pflag"
	"github.com/spf13/viper"
)

// TestLoadNeverShowsAPassword: a password or DSN of the wrong YAML type in
// a --config file was refused with its value in the message (review r15:
// 'password: [Sekr3tPw]' gave 'password = "[Sekr3tPw]"'); the key is still
// named and refused, its value not shown. Other keys still show theirs.
func TestLoadNeverShowsAPassword(t *testing.T) {
	cases := []struct {
		name, yaml, wantErr, secret string
	}{
		{"a password as a list", "password: [Sekr3tPw]\n", "password = (its value not shown", "Sekr3tPw"},
		{"a password as a section", "password:\n  Sekr3tPw: 1\n", "password = (its value not shown", "Sekr3tPw"},
		{"a dsn as a list", "dsn: ['dba:Sekr3tPw@tcp(db1:3306)/']\n", "dsn = (its value not shown", "Sekr3tPw"},
		{"another key shows its value", "datadir: [/var/lib/mysql]\n", `datadir = "[/var/lib/mysql]"`, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "c.yaml")
			if err := os.WriteFile(file, []byte(c.yaml), 0o600); err != nil {
				t.Fatal(err)
			}
			fs := pflag.NewFlagSet("x", pflag.ContinueOnError)
			for _, name := range []string{"config", "password", "dsn", "datadir"} {
				fs.String(name, "", "")
			}
			if err := fs.Parse([]string{"--config", file}); err != nil {
				t.Fatal(err)
			}
			err := Load(viper.New(), fs, map[string]bool{"config": true, "password": true, "dsn": true, "datadir": true})
			if err == nil || !strings.Contains(err.Error(), c.wantErr) || (c.secret != "" && strings.Contains(err.Error(), c.secret)) {
				t.Errorf("err = %v, want one saying %q and not %q", err, c.wantErr, c.secret)
			}
		})
	}
}
