package server

import (
	"context"
	"strings"

	"github.com/mytune/mytune/profile"
)

// sysTablespacesUnsafe reports whether asking the server for
// information_schema.INNODB_SYS_TABLESPACES would stop it: MariaDB 10.11.19
// with innodb_read_only ON (set, or implied by innodb_force_recovery = 6,
// which shows it as 1) dies with signal 11 in get_schema_tables_result on
// any SELECT from it, mytune's qFilesMariaDB as much as a plain COUNT(*)
// (review r19: mytune advise -S on such a server left "got signal 11" in
// its error log and every later query of the read failed with "dial").
func sysTablespacesUnsafe(flavor string, vars map[string]string) bool {
	if flavor != profile.FlavorMariaDB {
		return false
	}
	on, err := profile.ParseBool(strings.TrimSpace(vars["innodb_read_only"]))
	return err == nil && on
}

// readOnlyFilesUnread is what Server.Unread says when the tablespace
// files were not asked for (sysTablespacesUnsafe).
const readOnlyFilesUnread = "InnoDB tablespace file sizes (information_schema.INNODB_SYS_TABLESPACES): not asked: with " +
	"innodb_read_only ON (or innodb_force_recovery = 6) MariaDB 10.11.19 stops with signal 11 on that query"

// filesUnread names what an account that may not read the tablespaces
// (no PROCESS: MariaDB 10.11.19 answers error 1227, review r58) leaves
// unknown, and what to grant.
const filesUnread = "InnoDB tablespace file sizes and the files outside the datadir (information_schema.INNODB_SYS_TABLESPACES " +
	"or INNODB_TABLESPACES; grant the account PROCESS to have them read)"

// fileBytes sets Server.InnoDBFileBytes and OutsideTablespaces, unless
// asking would stop the server (sysTablespacesUnsafe) or the account may
// not read them: then Unread says why they are unknown.
func (r *reader) fileBytes(ctx context.Context) {
	if sysTablespacesUnsafe(r.s.Flavor, r.s.Variables) {
		r.s.Unread = append(r.s.Unread, readOnlyFilesUnread)
		return
	}
	n, err := innodbFileBytes(ctx, r.db, r.s.Flavor, r.s.Version)
	if err != nil {
		r.unread(filesUnread, err)
		return
	}
	r.s.InnoDBFileBytes = n
	r.s.OutsideTablespaces = outsideTablespaces(ctx, r.db, r.s.Flavor, r.s.Version)
}
