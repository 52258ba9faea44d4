package calibrate

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/mytune/mytune/internal/testmariadb"
	"github.com/mytune/mytune/probe/dump"
	"github.com/mytune/mytune/profile"
)

// TestRunDumpEncryptedLive: a table created ENCRYPTED=YES
// ENCRYPTION_KEY_ID=2 on a MariaDB with file_key_management, dumped with
// mydumper, is listed by the dump reader (dump.encryption) and refused by
// a server without a key-management plugin (errno 140, as myloader 0.10
// was, review r41): calibrate --dump stops saying why and what to do, and
// leaves no scratch schema behind.
func TestRunDumpEncryptedLive(t *testing.T) {
	keys := filepath.Join(t.TempDir(), "keys.txt")
	if err := os.WriteFile(keys, []byte("1;"+strings.Repeat("a1", 32)+"\n2;"+strings.Repeat("b2", 32)+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	src := testmariadb.StartWith(t, "--plugin-load-add=file_key_management", "--file-key-management-filename="+keys)
	sdb := openAs(t, "root@unix("+src.Socket+")/")
	const schema = "mytune_cal_enc"
	for _, q := range []string{"CREATE DATABASE " + schema,
		"CREATE TABLE " + schema + ".e (id INT PRIMARY KEY, c CHAR(60) NOT NULL) ENGINE=InnoDB ENCRYPTED=YES ENCRYPTION_KEY_ID=2",
		"INSERT INTO " + schema + ".e SELECT seq, LPAD(seq, 60, '7') FROM " + schema + ".seq_1_to_500"} {
		if _, err := sdb.ExecContext(t.Context(), q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	dir := filepath.Join(t.TempDir(), "d")
	tool(t, "mydumper", "--socket", src.Socket, "-u", "root", "-B", schema, "-o", dir)
	d, err := dump.Read(t.Context(), dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []profile.DumpEncryption{{Encrypted: "yes", KeyID: 2, Tables: []string{schema + ".e"}}}
	if !reflect.DeepEqual(d.Encryption, want) {
		t.Errorf("dump.encryption %+v, want %+v", d.Encryption, want)
	}
	source, err := dump.OpenSource(t.Context(), dir)
	if err != nil {
		t.Fatal(err)
	}
	db := rootDB(t) // the shared server: no key-management plugin
	_, err = RunDump(t.Context(), db, DumpOptions{Schema: "mytune_cal_encdump", Source: source, Duration: 3 * time.Second, Rounds: 1, Threads: []int{1}})
	if err == nil || !strings.Contains(err.Error(), "which names ENCRYPTED= or ENCRYPTION_KEY_ID=") || !strings.Contains(err.Error(), "errno: 140") {
		t.Errorf("RunDump: %v, want the refusal explained", err)
	}
	if exists(t, db, "mytune_cal_encdump") {
		t.Error("the scratch schema was left behind")
	}
}
