package mycnf

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWarningsNeverQuoteACredential: mytune advise --defaults-file F with a
// headerless 'password=…' line said 'option "password=TopSecretQ" comes
// before any [group] header' (review r15); a nameless '=…' line and a
// password glued to a '#' were quoted whole too. They are still said, with
// the value ********; other lines are quoted as they are.
func TestWarningsNeverQuoteACredential(t *testing.T) {
	cases := []struct {
		name, cnf, want string
		cfg             Config
	}{
		{"headerless password, refused", "password=TopSecretQ\n[client]\n", `option "password=********" comes before`, Config{Headerless: HeaderlessError}},
		{"headerless password, warned", "password=TopSecretQ\n[client]\n", `option "password=********" comes before`, Config{}},
		{"a line without a name", "[client]\n=TopSecretQ\n", `option line "=********" has no name`, Config{}},
		{"a password glued to a #", "[client]\npassword=ab#TopSecretQ\n", `in "password=********" the '#' starts a comment`, Config{}},
		{"wsrep_sst_auth glued to a #", "[mysqld]\nwsrep-sst-auth = sst:p#TopSecretQ\n", `the server reads only "wsrep-sst-auth=********"`, Config{}},
		{"another option is quoted whole", "[mysqld]\ndatadir=/d#TopSecretQ\n", `the server reads only "datadir=/d"`, Config{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "my.cnf")
			if err := os.WriteFile(path, []byte(c.cnf), 0o600); err != nil {
				t.Fatal(err)
			}
			opts, err := ParseConfig(path, append(append([]string{}, ClientGroups...), ServerGroups...), c.cfg)
			said := ""
			if err != nil {
				said = err.Error()
			}
			for _, w := range opts.Warnings {
				said += "\n" + w.Text
			}
			secretShown := strings.Contains(said, "TopSecretQ") && c.name != "another option is quoted whole"
			if !strings.Contains(said, c.want) || secretShown {
				t.Errorf("said %q; want %q, no TopSecretQ", said, c.want)
			}
		})
	}
}
