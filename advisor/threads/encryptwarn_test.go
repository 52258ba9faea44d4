package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestEncryptionWarning: the dump's tables with encryption options are
// warned with what the target does with them, as MariaDB 10.11.19 did
// (2026-12-07): against a live target's key-management plugin and
// innodb_encrypt_tables, else what a target must have; nothing when the
// live target takes them all, or the dump has none.
func TestEncryptionWarning(t *testing.T) {
	yes2 := profile.DumpEncryption{Encrypted: "yes", KeyID: 2, Tables: []string{"sbenckey.sbtest1"}}
	yes := profile.DumpEncryption{Encrypted: "yes", Tables: []string{"s.a", "s.b", "s.c", "s.d"}}
	key5 := profile.DumpEncryption{KeyID: 5, Tables: []string{"s.k"}}
	no := profile.DumpEncryption{Encrypted: "no", Tables: []string{"s.n"}}
	plain := map[string]string{"innodb_encrypt_tables": "OFF"}
	fkm := map[string]string{"innodb_encrypt_tables": "ON", "file_key_management_filename": "/k", "file_key_management_filekey": ""}
	force := map[string]string{"innodb_encrypt_tables": "FORCE", "file_key_management_filename": "/k"}
	cases := []struct {
		name   string
		groups []profile.DumpEncryption
		vars   map[string]string // nil: no server read
		want   []string
	}{
		{"no plugin on TARGET (sbenckey, measured)", []profile.DumpEncryption{yes2}, plain,
			[]string{"1 table of the dump names MariaDB's encryption options (ENCRYPTED=YES ENCRYPTION_KEY_ID=2: sbenckey.sbtest1)",
				"TARGET has no key-management plugin loaded", "errno: 140", "exits 1", "ERROR 1005"}},
		{"no plugin: a key ID alone is created", []profile.DumpEncryption{key5, no}, plain, nil},
		{"plugin loaded: the key IDs it must hold", []profile.DumpEncryption{yes, yes2, key5}, fkm,
			[]string{"2 tables of the dump name", "ENCRYPTED=YES ENCRYPTION_KEY_ID=2: sbenckey.sbtest1; ENCRYPTION_KEY_ID=5: s.k",
				"TARGET has file_key_management loaded: it refuses each table whose key ID (2, 5) its keys lack"}},
		{"plugin loaded, default key only", []profile.DumpEncryption{yes}, fkm, nil},
		{"FORCE, no ENCRYPTED=NO in the dump (sbenckey against server C, measured)", []profile.DumpEncryption{yes2}, force,
			[]string{"TARGET has file_key_management loaded: it refuses each table whose key ID (2) its keys lack, which no SQL shows (\"Can't"}},
		{"FORCE refuses ENCRYPTED=NO", []profile.DumpEncryption{no}, force,
			[]string{"1 table of the dump names MariaDB's encryption options (ENCRYPTED=NO: s.n)", "TARGET's innodb_encrypt_tables=FORCE refuses ENCRYPTED=NO"}},
		{"no server: what a target must have", []profile.DumpEncryption{yes, key5, no}, nil,
			[]string{"6 tables of the dump name", "ENCRYPTED=YES: s.a, s.b, s.c and 1 more",
				"a target without a key-management plugin refuses ENCRYPTED=YES; a target with one whose keys lack a table's key ID (5) refuses that table; a target with innodb_encrypt_tables=FORCE refuses ENCRYPTED=NO"}},
		{"none", nil, nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := &profile.Profile{Dump: &profile.Dump{DumpTableOptions: profile.DumpTableOptions{Encryption: c.groups}}}
			if c.vars != nil {
				p.Server = server("mariadb", "10.11.19-MariaDB", c.vars)
			}
			got := EncryptionWarning(p, Options{})
			if len(c.want) == 0 && got != "" {
				t.Fatalf("warned: %s", got)
			}
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("lacks %q:\n%s", w, got)
				}
			}
		})
	}
}
