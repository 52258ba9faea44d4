//go:build unix

package e2e

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
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

// TestPhysicalRestoreOutsideDatadir: a backup with undo tablespaces and a
// DATA DIRECTORY table (in a directory whose name holds a space), restored
// for a server whose my.cnf keeps its redo log and undo tablespaces outside
// its datadir: the lines, run as printed after moving the table's old file
// aside as the warning says, give a datadir that server starts on with
// every row, and the DATA DIRECTORY parents copy-back creates are the
// datadir owner's (review r45: they were root's, mode 0700). Before (review r44): the copy-back line named only --datadir,
// copy-back put ib_logfile0 there, and the server did not start ("File
// …/ib_logfile0 was not found", MariaDB 10.11.19).
func TestPhysicalRestoreOutsideDatadir(t *testing.T) {
	tool := backupTool()
	if tool == "" {
		t.Skip("mariadb-backup is not installed")
	}
	srv := testmariadb.Start(t)
	withUndoTablespaces(t, srv)
	root := t.TempDir()
	ext, logDir, undoDir, restored := filepath.Join(root, "ext dir"), filepath.Join(root, "redo"), filepath.Join(root, "undo"),
		filepath.Join(root, "restored")
	for _, d := range []string{ext, logDir, undoDir, restored} {
		if err := os.Mkdir(d, 0o750); err != nil {
			t.Fatal(err)
		}
	}
	fresh := filepath.Join(root, "new parent", "deep") // moved aside before the restore: copy-back creates it
	fillForBackup(t, srv, "CREATE TABLE pb.e (id INT PRIMARY KEY, v VARCHAR(40)) ENGINE=InnoDB DATA DIRECTORY='"+ext+"'",
		"INSERT INTO pb.e SELECT seq, CONCAT('e-', seq) FROM pb.seq_1_to_10000",
		"CREATE TABLE pb.f (id INT PRIMARY KEY) ENGINE=InnoDB DATA DIRECTORY='"+fresh+"'", "INSERT INTO pb.f SELECT seq FROM pb.seq_1_to_5000")
	bk := filepath.Join(root, "full")
	if out, err := exec.Command(tool, "--backup", "--target-dir="+bk, "--socket="+srv.Socket, "--user=root").CombinedOutput(); err != nil {
		t.Fatalf("mariadb-backup --backup: %v\n%s", err, out)
	}
	if err := os.Rename(filepath.Join(root, "new parent"), filepath.Join(root, "new parent.aside")); err != nil {
		t.Fatal(err)
	}
	asRoot := os.Geteuid() == 0
	if err := os.Chown(restored, nobodyID, nobodyID); asRoot && err != nil { // the datadir's owner the chown lines give to
		t.Fatal(err)
	}
	cnf := filepath.Join(root, "my.cnf")
	if err := os.WriteFile(cnf, []byte("[mysqld]\ninnodb_log_group_home_dir="+logDir+"\ninnodb_undo_directory="+undoDir+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	r := mytune(t, runOpts{}, "advise", "--datadir", restored, "--no-measure", "--no-server", "--mycnf", cnf, "--dump", bk,
		"--task", "load", "--format", "json")
	var adv struct {
		Threads struct {
			Commands []string `json:"commands"`
			Warnings []string `json:"warnings"`
		} `json:"threads"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &adv); r.code != 0 || err != nil {
		t.Fatalf("advise: exit %d %v\n%s", r.code, err, r.stderr)
	}
	cmds, warns := strings.Join(adv.Threads.Commands, "\n"), strings.Join(adv.Threads.Warnings, "\n")
	if !strings.Contains(cmds, "--innodb-undo-directory="+undoDir+" --innodb-log-group-home-dir="+logDir) ||
		!strings.Contains(cmds, filepath.Join(undoDir, "undo002")) || !strings.Contains(warns, "DATA DIRECTORY") {
		t.Fatalf("commands:\n%s\nwarnings:\n%s", cmds, warns)
	}
	old := filepath.Join(ext, "pb", "e.ibd") // as the warning says; the source server keeps it open
	if err := os.Rename(old, old+".aside"); err != nil {
		t.Fatal(err)
	}
	for _, c := range adv.Threads.Commands {
		if out, err := exec.Command("bash", "-c", c).CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", c, err, out)
		}
	}
	for _, d := range []string{filepath.Join(root, "new parent"), fresh, filepath.Join(fresh, "pb")} { // as root's 0700, a server
		// of another user found "Tablespace is missing" (review r45); the test's server runs as root
		if st, err := os.Stat(d); err != nil || (asRoot && st.Sys().(*syscall.Stat_t).Uid != nobodyID) {
			t.Errorf("%s: %v, not the datadir owner's (uid %d) after the lines", d, err, nobodyID)
		}
	}
	srv.RestartWith(t, "--datadir="+restored, "--innodb-log-group-home-dir="+logDir, "--innodb-undo-directory="+undoDir,
		"--innodb-undo-tablespaces=2")
	wantRows(t, srv, map[string]int{"pb.t": 20000, "pb.e": 10000, "pb.f": 5000})
}

// nobodyID is the uid and gid the restored datadir is given in
// TestPhysicalRestoreOutsideDatadir (Debian's nobody:nogroup).
const nobodyID = 65534

// fillForBackup creates pb.t with 20000 rows on srv, then runs more.
func fillForBackup(t *testing.T, srv *testmariadb.Server, more ...string) {
	t.Helper()
	db, err := srv.Root()
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range append([]string{"CREATE DATABASE pb", "CREATE TABLE pb.t (id INT PRIMARY KEY, v VARCHAR(40)) ENGINE=InnoDB",
		"INSERT INTO pb.t SELECT seq, CONCAT('row-', seq) FROM pb.seq_1_to_20000"}, more...) {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
}

// wantRows checks each table's row count on srv.
func wantRows(t *testing.T, srv *testmariadb.Server, want map[string]int) {
	t.Helper()
	db, err := srv.Root()
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for table, n := range want {
		var got int
		if err := db.QueryRow("SELECT COUNT(*) FROM " + table).Scan(&got); err != nil || got != n {
			t.Errorf("the restored server holds %d rows in %s (%v), want %d", got, table, err, n)
		}
	}
}

// withUndoTablespaces restarts srv with two undo tablespaces: MariaDB
// 10.11.19 creates them at a start only after a slow shutdown ("Cannot
// change innodb_undo_tablespaces=2 because previous shutdown was not with
// innodb_fast_shutdown=0").
func withUndoTablespaces(t *testing.T, srv *testmariadb.Server) {
	t.Helper()
	db, err := srv.Root()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("SET GLOBAL innodb_fast_shutdown = 0"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	srv.RestartWith(t, "--innodb-undo-tablespaces=2")
}
