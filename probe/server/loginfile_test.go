package server

import (
	"bytes"
	"crypto/aes"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeLoginFile writes text as mysql_config_editor does: 4 unused bytes,
// a 20-byte key, then each line AES-128-ECB encrypted with PKCS#7
// padding behind its 4-byte little-endian length.
func writeLoginFile(t *testing.T, path, text string, mode os.FileMode) {
	t.Helper()
	raw := []byte("\x00\x00\x00\x00abcdefghijklmnopqrst")
	var key [16]byte
	for i, b := range raw[4:] {
		key[i%16] ^= b
	}
	block, err := aes.NewCipher(key[:])
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.SplitAfter(text, "\n") {
		if line == "" {
			continue
		}
		pad := aes.BlockSize - len(line)%aes.BlockSize
		plain := append([]byte(line), bytes.Repeat([]byte{byte(pad)}, pad)...)
		for i := 0; i < len(plain); i += aes.BlockSize {
			block.Encrypt(plain[i:i+aes.BlockSize], plain[i:i+aes.BlockSize])
		}
		raw = binary.LittleEndian.AppendUint32(raw, uint32(len(plain)))
		raw = append(raw, plain...)
	}
	if err := os.WriteFile(path, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
}

// TestResolveConnLoginFile: the MySQL client's login path file
// (~/.mylogin.cnf, or $MYSQL_TEST_LOGIN_FILE) is read after ~/.my.cnf and
// --defaults-file, so its [client] and [mysql] win; one others may read
// is skipped with a note, as the mysql client skips it; a file that is not
// one is a note, never the password shown (review r18: a password kept
// only there gave "access denied ... (using password: NO)").
func TestResolveConnLoginFile(t *testing.T) {
	const login = "[client]\nuser = \"lpuser\"\npassword = \"lp-Secret\"\n[mysql]\nhost = \"lp.example\"\n[backup]\nuser = \"other\"\n"
	for _, tc := range []struct {
		name     string
		mode     os.FileMode
		envPath  bool // the file named by MYSQL_TEST_LOGIN_FILE instead of ~/.mylogin.cnf
		garbage  bool
		defaults bool
		noHome   bool
		user, pw string
		endpoint string
		note     string
	}{
		{"read after ~/.my.cnf", 0o600, false, false, false, false, "lpuser", "lp-Secret", "tcp lp.example:3307", ""},
		{"MYSQL_TEST_LOGIN_FILE", 0o600, true, false, false, false, "lpuser", "lp-Secret", "tcp lp.example:3307", ""},
		{"after --defaults-file too", 0o400, false, false, true, false, "lpuser", "lp-Secret", "tcp lp.example:3307", ""},
		{"readable by others: skipped", 0o644, false, false, false, false, "cnfuser", "cnfpw", "tcp db.example:3307", "chmod 600"},
		{"not a login file: skipped", 0o600, false, true, false, false, "cnfuser", "cnfpw", "tcp db.example:3307", "is skipped"},
		{"discovery off: not read", 0o600, false, false, false, true, "u", "", "tcp h:3306", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			home := t.TempDir()
			if err := os.WriteFile(filepath.Join(home, ".my.cnf"), []byte("[client]\nuser=cnfuser\npassword=cnfpw\n[mysql]\nhost=db.example\nport=3307\n"), 0o600); err != nil {
				t.Fatal(err)
			}
			path, env := filepath.Join(home, ".mylogin.cnf"), map[string]string{"USER": "u"}
			if tc.envPath {
				path = filepath.Join(t.TempDir(), "login.cnf")
				env["MYSQL_TEST_LOGIN_FILE"] = path
			}
			writeLoginFile(t, path, login, tc.mode)
			if tc.garbage {
				os.WriteFile(path, []byte("[client]\npassword=lp-Secret\n"), 0o600)
			}
			o, h := ConnOptions{}, home
			if tc.defaults {
				o.DefaultsFile = filepath.Join(home, ".my.cnf")
			}
			if tc.noHome {
				o.Host, h = "h", ""
			}
			conn, err := ResolveConn(o, envMap(env), h)
			if err != nil {
				t.Fatal(err)
			}
			if conn.User != tc.user || conn.password != tc.pw || conn.Endpoints[0].String() != tc.endpoint {
				t.Errorf("user %q pw %q %s, want %q %q %s", conn.User, conn.password, conn.Endpoints[0], tc.user, tc.pw, tc.endpoint)
			}
			notes := strings.Join(conn.Notes, "\n")
			if (tc.note == "") != (notes == "") || !strings.Contains(notes, tc.note) || strings.Contains(notes, "lp-Secret") {
				t.Errorf("notes %q, want %q (and never the password)", notes, tc.note)
			}
		})
	}
}
