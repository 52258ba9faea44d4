package server

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/go-sql-driver/mysql"
)

// The errors a server gives for a name it lacks (MariaDB KB, "MariaDB
// Error Codes"; MySQL "Server Error Message Reference"), and for a
// collation of another character set (the name's own prefix was not its
// character set: the collation is known).
const (
	erUnknownCharset    = 1115 // ER_UNKNOWN_CHARACTER_SET
	erUnknownCollation  = 1273 // ER_UNKNOWN_COLLATION
	erCollationMismatch = 1253 // ER_COLLATION_CHARSET_MISMATCH
)

// MaxNamesAsked bounds how many character sets and collations are asked
// about: a dump names a handful; more would be a dump of a server with
// every collation in use, where a query each costs a round trip.
const MaxNamesAsked = 200

// reNameAsked is a character set or collation name that is safe to write
// into a statement as it is (the dump reader's names are made of these).
var reNameAsked = regexp.MustCompile(`^[a-z0-9_]{1,64}$`)

// NamesAsked are the character sets, collations and definer accounts
// ("user@host") to ask a server about (a dump's: Dump.Charsets,
// Dump.Collations, Dump.Definers).
type NamesAsked struct {
	Charsets, Collations, Definers []string
	// Engines are the storage engines the dump's tables name: when there
	// are any, the server's own list is read (enginesAvailable).
	Engines []string
	// Grants has the account's own grants read (account): set with a
	// dump, whose objects and plan the account may or may not run.
	Grants bool
}

// charsetNames asks the server whether it knows each name in r.c.Ask, by
// having it convert an empty string (SELECT CONVERT(” USING cs) COLLATE
// coll): the server's own resolver answers, aliases included (MariaDB
// 10.10+'s utf8mb4_uca1400_ai_ci is listed in SHOW COLLATION as
// uca1400_ai_ci; MariaDB 11.4.5+ takes utf8mb4_0900_ai_ci as an alias).
func (r *reader) charsetNames(ctx context.Context) {
	ask := r.c.Ask
	r.definers(ctx)
	r.account(ctx)
	r.enginesAvailable(ctx)
	if len(ask.Charsets)+len(ask.Collations) == 0 || r.gone != "" {
		return
	}
	n := 0
	for _, cs := range ask.Charsets {
		if n++; n > MaxNamesAsked || !reNameAsked.MatchString(cs) {
			continue
		}
		if known, ok := r.nameKnown(ctx, qCharsetKnown(cs), "character set "+cs, erUnknownCharset); ok {
			if r.s.CharsetsKnown == nil {
				r.s.CharsetsKnown = map[string]bool{}
			}
			r.s.CharsetsKnown[cs] = known
		}
	}
	for _, coll := range ask.Collations {
		cs, _, found := strings.Cut(coll, "_")
		if n++; n > MaxNamesAsked || !found || !reNameAsked.MatchString(coll) {
			continue
		}
		if known, ok := r.nameKnown(ctx, qCollationKnown(cs, coll), "collation "+coll, erUnknownCollation); ok {
			if r.s.CollationsKnown == nil {
				r.s.CollationsKnown = map[string]bool{}
			}
			r.s.CollationsKnown[coll] = known
		}
	}
}

// nameKnown runs q and says whether the server knew the name it asks
// about, unknown being the error for a name it lacks; ok is false when the
// answer says neither: an unknown character set asked with a collation
// (its prefix may not be one: MariaDB's uca1400_ai_ci), or another error,
// which is recorded in Unread.
func (r *reader) nameKnown(ctx context.Context, q query, what string, unknown uint16) (known, ok bool) {
	if r.skip(ctx, what) {
		return false, false
	}
	qc, cancel := r.qctx(ctx)
	defer cancel()
	var v sql.NullString
	err := r.db.QueryRowContext(qc, string(q)).Scan(&v)
	var me *mysql.MySQLError
	switch {
	case err == nil:
		return true, true
	case errors.As(err, &me) && me.Number == unknown:
		return false, true
	case errors.As(err, &me) && me.Number == erCollationMismatch:
		return true, true
	case errors.As(err, &me) && me.Number == erUnknownCharset:
		return false, false
	}
	r.unread(fmt.Sprintf("whether the server knows the dump's %s", what), err)
	return false, false
}

// definers asks mysql.user whether it holds each account in r.c.Ask's
// Definers (at most MaxNamesAsked): a view, routine or trigger whose
// definer is missing is created but fails when used (ERROR 1449, MariaDB
// 10.11.19, 2026-12-07). An account that may not read mysql.user records
// that once in Unread and asks no more.
func (r *reader) definers(ctx context.Context) {
	for i, d := range r.c.Ask.Definers {
		at := strings.LastIndex(d, "@")
		if i >= MaxNamesAsked || at < 0 || r.gone != "" || r.skip(ctx, "the dump's definers") {
			return
		}
		qc, cancel := r.qctx(ctx)
		var n int
		err := r.db.QueryRowContext(qc, string(qDefinerExists), d[:at], d[at+1:]).Scan(&n)
		cancel()
		if err != nil {
			r.unread("whether the dump's definers exist (SELECT on mysql.user)", err)
			return
		}
		if r.s.DefinersKnown == nil {
			r.s.DefinersKnown = map[string]bool{}
		}
		r.s.DefinersKnown[d] = n > 0
	}
}
