package connflags

import (
	"strings"
	"testing"
)

// TestHideSecrets: the password of each spelling is overwritten where the
// arguments are stored (what ps shows) and kept in the copy parsed; other
// arguments, and anything after "--", are left as they are.
func TestHideSecrets(t *testing.T) {
	cases := []struct {
		name       string
		args, seen []string
	}{
		{"-pSECRET", []string{"advise", "-u", "dba", "-pSekr3t!x", "-P", "3480"}, []string{"advise", "-u", "dba", "-pxxxxxxxx", "-P", "3480"}},
		{"-p=SECRET", []string{"-p=Sekr3t"}, []string{"-p=xxxxxx"}},
		{"--password=SECRET", []string{"--password=Sec@ret"}, []string{"--password=xxxxxxx"}},
		{"-p alone prompts: nothing to hide", []string{"-p", "--datadir", "/var/lib/mysql"}, []string{"-p", "--datadir", "/var/lib/mysql"}},
		{"-p SECRET: the stray word hidden too", []string{"advise", "-p", "Sekr3t", "-u", "dba"}, []string{"advise", "-p", "xxxxxx", "-u", "dba"}},
		{"--password SECRET", []string{"--password", "Sekr3t"}, []string{"--password", "xxxxxx"}},
		{"-p last: nothing to hide", []string{"advise", "-p"}, []string{"advise", "-p"}},
		{"--dsn=", []string{"--dsn=dba:p@ss@tcp(db1:3306)/"}, []string{"--dsn=dba:xxxx@tcp(db1:3306)/"}},
		{"--dsn VALUE", []string{"--dsn", "dba:pw@unix(/s.sock)/", "-v"}, []string{"--dsn", "dba:xx@unix(/s.sock)/", "-v"}},
		{"--dsn without a password", []string{"--dsn", "dba@tcp(db1:3306)/"}, []string{"--dsn", "dba@tcp(db1:3306)/"}},
		{"after --: untouched", []string{"--", "-pKEEP"}, []string{"--", "-pKEEP"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			args := make([]string, len(c.args))
			for i, a := range c.args {
				args[i] = string([]byte(a)) // writable, as the process's argv is
			}
			parsed := HideSecrets(args)
			if strings.Join(parsed, " ") != strings.Join(c.args, " ") {
				t.Errorf("parsed %q, want the arguments as given %q", parsed, c.args)
			}
			if strings.Join(args, " ") != strings.Join(c.seen, " ") {
				t.Errorf("ps would show %q, want %q", args, c.seen)
			}
		})
	}
}
