package dump

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"slices"
	"sort"

	"github.com/mytune/mytune/profile"
)

// reRoutineRow is the start of one row of mysql.proc or mysql.event as
// mydumper writes them, one row a line (mydumper 0.10: `("sys","…`; the
// first row may follow the INSERT on its line): its first column, db.
var reRoutineRow = regexp.MustCompile(`^(?:INSERT INTO \S+ VALUES\s*)?\(["']((?:[^"'\\]|\\.)*)["'][,)]`)

// refineRoutineTables keeps mysql.proc and mysql.event in
// d.SystemRoutineTables only when their rows hold routines or events of a
// user schema the dump holds (inDump) but has no db-schema-post.sql for
// (that file holds them when mydumper ran with -R/-E; a schema the dump
// leaves out, --regex or -B, leaves its routines out too), and names those
// schemas in
// d.RoutineSchemas. The sys schema's own routines live in mysql.proc on
// MariaDB: rows of system schemas alone leave nothing behind. Unreadable
// rows keep the tables listed, and say so.
func refineRoutineTables(ctx context.Context, dir string, files fileSet, inDump map[string]bool, d *profile.Dump) error {
	if len(d.SystemRoutineTables) == 0 {
		return nil
	}
	schemas := map[string]bool{}
	for name := range files {
		f := classifyMydumperIn(files, name)
		if f.kind != "data" || f.schema != "mysql" || !slices.Contains(d.SystemRoutineTables, "mysql."+f.table) {
			continue
		}
		if err := routineRowSchemas(ctx, filepath.Join(dir, name), schemas); err != nil {
			if ctx.Err() != nil {
				return fmt.Errorf("reading %s: %w", name, ctx.Err())
			}
			d.Notes = append(d.Notes, fmt.Sprintf("%s could not be read (%v): whose routines and events it holds is unknown", name, err))
			return nil
		}
	}
	var missing []string
	for s := range schemas {
		if inDump[s] && !systemSchemas[s] && !hasSchemaPost(files, s) {
			missing = append(missing, s)
		}
	}
	sort.Strings(missing)
	d.RoutineSchemas = missing
	if len(missing) == 0 {
		d.SystemRoutineTables = nil
	}
	return nil
}

// hasSchemaPost: the dump holds db-schema-post.sql (plain, .gz or .zst),
// where mydumper -R/-E writes a schema's routines and events.
func hasSchemaPost(files fileSet, schema string) bool {
	for _, ext := range []string{"", ".gz", ".zst"} {
		if files.has(schema + "-schema-post.sql" + ext) {
			return true
		}
	}
	return false
}

// routineRowSchemas adds the db column of each row of one mysql.proc or
// mysql.event data file to schemas, reading line starts only (a row's
// body can be long) and at most MaxScanBytes.
func routineRowSchemas(ctx context.Context, path string, schemas map[string]bool) error {
	rc, err := OpenData(path)
	if err != nil {
		return err
	}
	defer rc.Close()
	br := bufio.NewReaderSize(io.LimitReader(rc, MaxScanBytes), 64<<10)
	atStart := true
	for n := 0; ; n++ {
		if n%4096 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		piece, err := br.ReadSlice('\n')
		if atStart {
			if m := reRoutineRow.FindSubmatch(piece); m != nil {
				schemas[string(m[1])] = true
			}
		}
		atStart = err == nil
		if err != nil && !errors.Is(err, bufio.ErrBufferFull) {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
	}
}
