package calibrate

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// missingPrivileges is the neededPrivileges the account lacks on schema,
// from its global and schema grants, before anything is created: an
// account that may create the schema but not drop it would leave it
// behind. known is false when the grants cannot be read or a role may
// bring privileges the account's own rows do not show: then nothing is
// refused here and the server's own refusal stands.
func missingPrivileges(ctx context.Context, db *sql.DB, schema string, timeout time.Duration) (missing []string, account string, known bool) {
	qc, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	if db.QueryRowContext(qc, qCurrentUser.in("")).Scan(&account) != nil {
		return nil, "", false
	}
	var roles int
	if err := db.QueryRowContext(qc, qAccountRoles.in("")).Scan(&roles); err != nil || roles > 0 {
		return nil, account, false
	}
	grantee, ok := granteeOf(account)
	if !ok {
		return nil, account, false
	}
	rows, err := db.QueryContext(qc, qAccountPrivileges.in(""), grantee, grantee, schema)
	if err != nil {
		return nil, account, false
	}
	defer rows.Close()
	have := map[string]bool{}
	for rows.Next() {
		var p string
		if rows.Scan(&p) != nil {
			return nil, account, false
		}
		have[strings.ToUpper(p)] = true
	}
	if rows.Err() != nil {
		return nil, account, false
	}
	for _, p := range neededPrivileges {
		if !have[p] {
			missing = append(missing, p)
		}
	}
	return missing, account, true
}

// granteeOf is CURRENT_USER()'s user@host as information_schema writes
// a GRANTEE: 'user'@'host' (the host follows the last @).
func granteeOf(account string) (string, bool) {
	at := strings.LastIndexByte(account, '@')
	if at < 0 {
		return "", false
	}
	return "'" + account[:at] + "'@'" + account[at+1:] + "'", true
}

// checkPrivileges refuses (PrivilegeError) an account that lacks one of
// neededPrivileges on schema, before the schema is created.
func checkPrivileges(ctx context.Context, db *sql.DB, schema string, timeout time.Duration) error {
	missing, account, known := missingPrivileges(ctx, db, schema, timeout)
	if !known || len(missing) == 0 {
		return nil
	}
	noun := "privilege"
	if len(missing) > 1 {
		noun += "s"
	}
	why := fmt.Sprintf("account %s has no %s %s on it", account, strings.Join(missing, ", "), noun)
	if slices.Contains(missing, privDrop) {
		why += ", so calibrate could not remove it again"
	}
	return &PrivilegeError{Schema: schema, Doing: "creating the scratch schema", Err: errors.New(why)}
}
