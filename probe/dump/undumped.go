package dump

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/mytune/mytune/profile"
)

// More kinds of profile.DumpLoaderTrap: what mydumper 0.10 could not dump.
const (
	// TrapBacktickName: a database or table whose name holds a backtick
	// (`back``tick`, `ok`.`x``y`). mydumper 0.10.0 on 2026-12-05 (MariaDB
	// 10.11.19, testdata/mydumper-0.10-backtick) quotes it without
	// doubling the backtick and fails ("Error dumping create database
	// (back`tick): You have an error in your SQL syntax", exit 1): it
	// writes an empty db-schema-create.sql, -schema.sql files with no
	// CREATE TABLE and no data files. myloader 0.10 on that dump: exit 1,
	// "Error switching to database back`tick whilst restoring table a`b",
	// the database not created; ok.`x``y` not created, without a word.
	// A table of such a database is not listed: its database's trap says it.
	TrapBacktickName = "name-with-a-backtick"
	// TrapNoDefinition: a database whose db-schema-create.sql is empty, or
	// a table whose -schema.sql holds no CREATE TABLE, and whose name
	// holds no backtick (those are TrapBacktickName's): mydumper failed
	// to dump it, so myloader creates nothing from that file.
	TrapNoDefinition = "schema-file-without-definition"
)

// definitionTraps lists the databases and tables of a mydumper dump whose
// definition was not dumped (an empty db-schema-create.sql, a -schema.sql
// without CREATE TABLE: their CREATE TABLE read through t.creates) and
// the names holding a backtick, whose definition and rows mydumper 0.10
// cannot dump.
func definitionTraps(ctx context.Context, dir string, files fileSet, schemaFiles map[[2]string]string, t *tally) ([]profile.DumpLoaderTrap, error) {
	var traps []profile.DumpLoaderTrap
	for s := range t.schemas {
		if strings.Contains(s, "`") {
			traps = append(traps, profile.DumpLoaderTrap{Kind: TrapBacktickName, Schema: s})
		}
	}
	for key := range t.tables {
		s := t.schemaOf[key]
		if tb := strings.TrimPrefix(key, s+"."); strings.Contains(tb, "`") && !strings.Contains(s, "`") {
			traps = append(traps, profile.DumpLoaderTrap{Kind: TrapBacktickName, Schema: s, Table: tb})
		}
	}
	for name := range files {
		if f := classifyMydumperIn(files, name); f.kind == "schema" && strings.HasSuffix(trimCompression(name), "-schema-create.sql") && !strings.Contains(f.schema, "`") {
			empty, err := emptyFile(ctx, filepath.Join(dir, name))
			if err != nil {
				return nil, err
			}
			if empty {
				traps = append(traps, profile.DumpLoaderTrap{Kind: TrapNoDefinition, Schema: f.schema})
			}
		}
	}
	for key, name := range schemaFiles {
		if strings.Contains(key[0]+key[1], "`") {
			continue
		}
		if _, err := t.creates.read(filepath.Join(dir, name)); err != nil {
			traps = append(traps, profile.DumpLoaderTrap{Kind: TrapNoDefinition, Schema: key[0], Table: key[1]})
		}
	}
	return traps, nil
}

// emptyFile reports whether a dump file holds no bytes once decompressed;
// a file it cannot read (a wrong compression) is not taken for empty.
func emptyFile(ctx context.Context, path string) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, fmt.Errorf("reading %s: %w", path, err)
	}
	rc, err := OpenData(path)
	if err != nil {
		return false, nil
	}
	defer rc.Close()
	n, err := rc.Read(make([]byte, 1))
	return n == 0 && err == io.EOF, nil
}
