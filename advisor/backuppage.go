package advisor

import (
	"fmt"

	"github.com/mytune/mytune/profile"
)

// BackupPageID is the finding that a physical backup's pages differ in
// size from the target server's.
const BackupPageID = "restore.backup_page_size"

// innodbPageDefault is innodb_page_size's default, 16 KiB (MySQL 8.4
// manual and MariaDB KB, innodb_page_size).
const innodbPageDefault = 16 << 10

// backupPageRefs: innodb_page_size is set when the datadir is created and
// a server opens only files of that size (MariaDB KB, innodb_page_size;
// review r44, live: a 16K MariaDB 10.11.19 did not start on a 4K backup's
// copied-back files, "Plugin 'InnoDB' registration as a STORAGE ENGINE
// failed"; with --innodb-page-size=4096 it held every row).
var backupPageRefs = []string{"https://mariadb.com/kb/en/innodb-system-variables/#innodb_page_size"}

// backupPage is a crit finding that sets innodb_page_size to the physical
// backup's (backup-my.cnf, 16 KiB when unset) when the target's differs:
// the live server's, else the my.cnf's, else the default. It carries the
// line into the cnf, where the plan's warning asks for it (review r48: the
// MY.CNF section under that warning lacked it). nil when they agree or
// no physical backup was read.
func backupPage(p profile.Profile) []Finding {
	b := p.Backup
	if b == nil {
		return nil
	}
	want := b.PageSizeBytes
	if want == 0 {
		want = innodbPageDefault
	}
	have, where := targetPageBytes(p)
	if want == have {
		return nil
	}
	return []Finding{{ID: BackupPageID, Severity: SeverityCrit, Category: "storage", Variable: "innodb_page_size",
		Current: fmt.Sprint(have), Recommended: fmt.Sprint(want), RestartRequired: true,
		Summary: fmt.Sprintf("The backup's InnoDB pages are %s, the server's %s: it does not start on the restored files without innodb_page_size = %d",
			profile.HumanBytes(want), profile.HumanBytes(have), want),
		Detail: fmt.Sprintf("backup-my.cnf gives innodb_page_size %d; the target has %d (%s). InnoDB opens a datadir only at the "+
			"page size it was created with, so the server started on the copied-back files needs innodb_page_size = %d in "+
			"its my.cnf (the MY.CNF lines below carry it), and a server kept at %s cannot use them: restore a logical dump "+
			"instead to stay at %s", want, have, where, want, profile.HumanBytes(have), profile.HumanBytes(have)),
		References: backupPageRefs}}
}

// targetPageBytes is the target server's innodb_page_size and where it
// was read: the live server's, else the my.cnf's, else the default.
func targetPageBytes(p profile.Profile) (uint64, string) {
	if s := p.Server; s != nil && s.Reachable {
		if n, err := profile.ParseSize(s.Variables["innodb_page_size"]); err == nil && n > 0 {
			return n, "the live server's innodb_page_size"
		}
	}
	if m := p.MyCnf; m != nil {
		if n, err := profile.ParseSize(m.Variables["innodb_page_size"]); err == nil && n > 0 {
			return n, "the my.cnf's innodb_page_size"
		}
	}
	return innodbPageDefault, "innodb_page_size's default"
}
