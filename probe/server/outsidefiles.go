package server

import (
	"context"
	"database/sql"

	"github.com/mytune/mytune/profile"
)

// outsideTablespaces lists the InnoDB tablespaces a MariaDB 10.6+ server
// names by an absolute path (qOutsideFilesMariaDB): DATA DIRECTORY tables,
// undo tablespaces in innodb_undo_directory, ibdata in
// innodb_data_home_dir; nil on MySQL and older MariaDB (whose
// INNODB_SYS_TABLESPACES has no FILENAME), without PROCESS, or when none.
func outsideTablespaces(ctx context.Context, db *sql.DB, flavor, version string) []profile.Tablespace {
	v, ok := profile.ParseVersion(version)
	if flavor != profile.FlavorMariaDB || !ok || !v.AtLeast(10, 6, 0) {
		return nil
	}
	rows, err := db.QueryContext(ctx, string(qOutsideFilesMariaDB))
	if err != nil {
		return nil
	}
	defer rows.Close()
	var out []profile.Tablespace
	for rows.Next() && len(out) < profile.MaxOutsideTablespaces {
		var name, path string
		var size sql.NullString
		if rows.Scan(&name, &path, &size) != nil {
			return nil
		}
		out = append(out, profile.Tablespace{Name: name, Path: path, FileBytes: parseUint(size.String)})
	}
	if rows.Err() != nil {
		return nil
	}
	return out
}
