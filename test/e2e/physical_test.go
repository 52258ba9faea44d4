//go:build unix

package e2e

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mytune/mytune/internal/testmariadb"
)

// backupTool is mariadb-backup's path, "" when it is not installed.
func backupTool() string {
	for _, name := range []string{"mariadb-backup", "mariabackup"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// TestPhysicalRestoreFollowed: advise --dump on a mariadb-backup backup of a
// real server prints a restore plan, and its lines, run as printed into an
// empty datadir, give a datadir the server starts on with every row.
// Before (f6266944^): "not a dump", exit 2.
func TestPhysicalRestoreFollowed(t *testing.T) {
	tool := backupTool()
	if tool == "" {
		if os.Getenv(testmariadb.RequireEnv) == "1" {
			t.Fatal("mariadb-backup is not installed (apt-get install mariadb-backup)")
		}
		t.Skip("mariadb-backup is not installed")
	}
	srv := testmariadb.Start(t)
	db, err := srv.Root()
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range []string{"CREATE DATABASE pb", "CREATE TABLE pb.t (id INT PRIMARY KEY, v VARCHAR(40)) ENGINE=InnoDB",
		"INSERT INTO pb.t SELECT seq, CONCAT('row-', seq) FROM pb.seq_1_to_20000"} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	bk := filepath.Join(t.TempDir(), "full")
	if out, err := exec.Command(tool, "--backup", "--target-dir="+bk, "--socket="+srv.Socket, "--user=root").CombinedOutput(); err != nil {
		t.Fatalf("mariadb-backup --backup: %v\n%s", err, out)
	}
	restored := filepath.Join(t.TempDir(), "restored")
	if err := os.Mkdir(restored, 0o750); err != nil {
		t.Fatal(err)
	}
	r := mytune(t, runOpts{}, "advise", "--datadir", restored, "--no-measure", "--no-server", "--dump", bk, "--task", "load",
		"--format", "json")
	if r.code != 0 {
		t.Fatalf("advise: exit %d\n%s", r.code, r.stderr)
	}
	var adv struct {
		Profile struct {
			Backup struct {
				Type string `json:"type"`
			} `json:"physical_backup"`
		} `json:"profile"`
		Threads struct {
			Commands []string `json:"commands"`
		} `json:"threads"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &adv); err != nil {
		t.Fatal(err)
	}
	cmds := strings.Join(adv.Threads.Commands, "\n")
	if adv.Profile.Backup.Type != "full-backuped" || !strings.Contains(cmds, "--prepare") || !strings.Contains(cmds, "--copy-back") ||
		!strings.Contains(cmds, "--datadir="+restored) {
		t.Fatalf("backup type %q, commands:\n%s", adv.Profile.Backup.Type, cmds)
	}
	for _, c := range adv.Threads.Commands { // run as printed, one after another
		if out, err := exec.Command("bash", "-c", c).CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", c, err, out)
		}
	}
	db.Close()
	srv.RestartWith(t, "--datadir="+restored)
	db, err = srv.Root()
	if err != nil {
		t.Fatal(err)
	}
	var n int
	if err := db.QueryRow("SELECT COUNT(*) FROM pb.t").Scan(&n); err != nil || n != 20000 {
		t.Errorf("the restored server holds %d rows (%v), want 20000", n, err)
	}
}
