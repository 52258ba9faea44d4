package threads

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// physicalWarnings are what stops this backup from restoring onto this
// target as it is, each with what to do.
func physicalWarnings(p *profile.Profile, o Options) []string {
	b := p.Backup
	w := []string{}
	for _, f := range []func(*profile.Profile, Options) string{backupKindWarning, backupVersionWarning, backupRoomWarning, backupPageWarning, dataDirectoryWarning} {
		if s := f(p, o); s != "" {
			w = append(w, s)
		}
	}
	if b.Partial {
		w = append(w, partialWarning(b))
	}
	return w
}

// partialWarning says what copying back a partial backup gives: without
// the mysql schema a datadir the server does not start on (MariaDB
// 10.11.19, a --databases=db2 backup copied back: "Fatal error: Can't open
// and lock privilege tables", review r44).
func partialWarning(b *profile.PhysicalBackup) string {
	s := "a partial backup (some tables only: partial = Y): "
	if b.SystemSchema {
		s += "copied back, it is a datadir without the other tables, not a restore of them into this server; "
	} else {
		s += "it holds no mysql schema, so copied back it is a datadir the server does not start on (no privilege " +
			"tables), and mytune prints no copy-back line; "
	}
	return s + "prepare it with --export and import each table's tablespace into the running server " +
		"(ALTER TABLE … DISCARD TABLESPACE, copy its .ibd and .cfg, ALTER TABLE … IMPORT TABLESPACE) instead"
}

// backupKindWarning says what an incremental or encrypted backup needs
// before it can be restored; "" for any other.
func backupKindWarning(p *profile.Profile, _ Options) string {
	b := p.Backup
	switch {
	case b.Type == profile.BackupIncremental:
		base := backupTool(b) + " --prepare --target-dir=BASE"
		if backupTool(b) == "xtrabackup" { // its base must keep its uncommitted transactions (Percona's "Incremental backup")
			base += " --apply-log-only"
		}
		return "an incremental backup (backup_type = incremental): it holds only the pages changed since its base and " +
			"cannot be copied back alone: prepare the full backup it is based on first (" + base + "), then apply this one " +
			"to it (" + backupTool(b) + " --prepare --target-dir=BASE --incremental-dir=" + shellWord(b.Path) + "), and " +
			"restore BASE (mytune advise --dump BASE sizes that)"
	case b.Encrypted != "":
		return "an encrypted backup (" + b.Encrypted + " files): decrypt it with its key first (xtrabackup --decrypt=AES256 " +
			"--encrypt-key-file=FILE --target-dir=" + shellWord(b.Path) + "), then give --dump the directory again"
	}
	return ""
}

// backupVersionWarning says when the backup's server is of another family
// or major version than the target: the files of a physical backup start
// only on the server version that wrote them, whose redo log format
// --prepare must read (MariaDB changed it in 10.5 and 10.8, MDEV-14425;
// XtraBackup does not read MariaDB 10.3+'s, MDEV-17835).
func backupVersionWarning(p *profile.Profile, o Options) string {
	b := p.Backup
	t := targetOf(p, o)
	src, ok := profile.ParseVersion(b.ServerVersion)
	if !ok || t.Version == "" {
		return ""
	}
	dst, ok := profile.ParseVersion(t.Version)
	if !ok {
		return ""
	}
	srcMaria := strings.Contains(strings.ToLower(b.ServerVersion), "mariadb")
	if srcMaria != t.IsMariaDB() {
		return fmt.Sprintf("the backup is of %s and the target is %s %s: a physical backup's files start only on the "+
			"server family that wrote them; restore with a logical dump instead (mydumper, mysqlsh)", b.ServerVersion, t.Flavor, t.Version)
	}
	if src.Major != dst.Major || src.Minor != dst.Minor {
		return fmt.Sprintf("the backup is of %s and the target is %s: prepare and restore it on a server and %s of its "+
			"own major version (%d.%d), then upgrade that server in place (mariadb-upgrade / mysql_upgrade); a physical "+
			"backup is not restored across major versions", b.ServerVersion, t.Version, backupTool(b), src.Major, src.Minor)
	}
	return ""
}

// backupRoomWarning says when the datadir's filesystem lacks the room for
// the copy: the free space was measured with the datadir's present files.
func backupRoomWarning(p *profile.Profile, _ Options) string {
	b, s := p.Backup, p.Storage
	if s.FreeBytes == 0 || s.TotalBytes == 0 || b.CopyBytes() <= s.FreeBytes {
		return ""
	}
	at := ""
	if b.Compressed != "" {
		at = "more than " // the decompressed files are larger than the compressed ones counted
	}
	w := fmt.Sprintf("the copy writes %s%s into the datadir's filesystem, which has %s free now (its present files "+
		"included: moving them aside on the same filesystem frees nothing)", at, profile.HumanBytes(b.CopyBytes()), profile.HumanBytes(s.FreeBytes))
	if same := b.SameFilesystemAsDatadir; same != nil && *same {
		w += "; the backup lies on that filesystem, so --move-back instead of --copy-back renames its files and writes " +
			"nothing, but leaves no backup behind: keep a copy elsewhere first"
	}
	return w
}

// backupPageWarning says when the backup's page size differs from the
// live server's: the restored files start only with the backup's
// innodb_page_size in the server's my.cnf.
func backupPageWarning(p *profile.Profile, _ Options) string {
	b := p.Backup
	if p.Server == nil {
		return ""
	}
	live, err := profile.ParseSize(p.Server.Variables["innodb_page_size"])
	if err != nil || live == 0 {
		return ""
	}
	want := b.PageSizeBytes
	if want == 0 {
		want = 16 << 10
	}
	if want == live {
		return ""
	}
	return fmt.Sprintf("the backup's pages are %s (backup-my.cnf) and this server's %s: the restored files start only with "+
		"innodb_page_size = %d in the server's my.cnf", profile.HumanBytes(want), profile.HumanBytes(live), want)
}
