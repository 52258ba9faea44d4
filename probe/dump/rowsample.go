package dump

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"math/rand/v2"
	"sort"
	"strings"
	"time"

	"github.com/mytune/mytune/profile"
)

// Sampling bounds: rows are read from the start of each table's first data
// file until SampleRows rows or SampleBytes bytes, enough for a stable
// average row (a 200-row sample of the sysbench tables is within 1% of the
// whole table's) while a dump of thousands of tables is read in seconds.
const (
	SampleRows  = 200
	SampleBytes = 256 << 10
	// SpreadBytes bounds how far into one data file its spread sample
	// reads (statements 1, 2, 4, 8…): a table mydumper cannot chunk (no
	// key) is one file, whose first rows alone have its narrowest values;
	// 64 MiB of SQL is read in well under a second.
	SpreadBytes = 64 << 20
	// SampleBudgetBytes is what the sampling of a whole dump reads at most,
	// shared among its files (spreadPerFile): 256 MiB, a few seconds even
	// through gzip, however many tables.
	SampleBudgetBytes = 256 << 20
	// SampleTimeout stops the sampling of a dump on a slow or remote disk;
	// the tables not reached are sized at the sized tables' rate.
	SampleTimeout = 10 * time.Second
)

// modelDir sets d.TableModels (and a note on the tables left unsized) for
// a mydumper or MySQL Shell dump, each table's bytes as the tally counts
// them (uncompressed where the dump's sizes are).
func (t *tally) modelDir(ctx context.Context, dir string, files fileSet, d *profile.Dump) error {
	models, note, err := modelDirTables(ctx, dir, files, d.Format, t.creates)
	if err != nil {
		return err
	}
	for i := range models {
		if tb, ok := t.tables[models[i].Name]; ok {
			models[i].Bytes = tb.Bytes
		}
	}
	d.TableModels = models
	if note != "" {
		d.Notes = append(d.Notes, note)
	}
	return nil
}

// modelDirTables sizes the rows of a mydumper or MySQL Shell dump's tables
// from their schema files and the first rows of their first, last and up
// to six middle data files (spreadChunks; the first rows alone have the
// narrowest keys: ids 1-200 take 1-3 digits where most take 6-9).
// What cannot be read leaves the table unmodelled (a note counts them);
// only a cancelled context is an error.
func modelDirTables(ctx context.Context, dir string, files fileSet, format string, cc *createCache) ([]profile.DumpTableModel, string, error) {
	var src *Source
	var err error
	if format == FormatMySQLShell {
		src, err = shellSource(ctx, dir, files, cc)
	} else {
		src, err = mydumperSource(ctx, dir, files, cc)
	}
	if err != nil {
		if ctx.Err() != nil {
			return nil, "", err
		}
		return nil, "", nil
	}
	byTable := map[int][]DataFile{}
	sampled := 0
	for _, f := range src.Files {
		byTable[f.Table] = append(byTable[f.Table], f)
	}
	for _, fs := range byTable {
		sampled += len(spreadChunks(fs))
	}
	start := time.Now()
	b := rowBudget{deadline: sampleDeadline(ctx, start), perFile: spreadPerFile(sampled)}
	var models []profile.DumpTableModel
	left, late := 0, 0
	for i, t := range src.Tables {
		if len(byTable[i]) == 0 || systemSchemas[t.Schema] {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, "", fmt.Errorf("sampling the rows of %s: %w", dir, err)
		}
		if time.Now().After(b.deadline) {
			late++
			continue
		}
		s, err := b.sampleTable(byTable[i], t.Name)
		m, ok := modelTable(t.Schema+"."+t.Name, parseCreate(t.CreateRest), s, t.Columns)
		if err != nil || !ok {
			left++
			continue
		}
		m.Engine = tableEngine(t.CreateRest)
		m.Bytes = t.Bytes
		m.LargestStatementBytes = uint64(s.longest)
		models = append(models, m)
	}
	note := unmodelledNote(left)
	if late > 0 {
		note = strings.TrimPrefix(note+fmt.Sprintf("; sampling stopped after %s: %d more table(s) were not sized "+
			"(their loaded size is estimated at the sized tables' rate)", b.deadline.Sub(start).Round(time.Second), late), "; ")
	}
	return sortModels(models), note, nil
}

// sampleDeadline is when the sampling stops: SampleTimeout from now, or
// sooner when the caller's deadline would leave less than half its time
// left (Read's DefaultTimeout covers the whole read, and what comes after
// the sampling must still fit in it): the tables not reached are counted
// as not sized, never a failed read.
func sampleDeadline(ctx context.Context, now time.Time) time.Time {
	end := now.Add(SampleTimeout)
	if dl, ok := ctx.Deadline(); ok {
		if half := now.Add(dl.Sub(now) / 2); half.Before(end) {
			end = half
		}
	}
	return end
}

// rowBudget bounds the sampling of a whole dump.
type rowBudget struct {
	deadline time.Time
	perFile  int64 // bytes of SQL one file's spread sample may read
}

// spreadPerFile shares SampleBudgetBytes among the files sampled, each
// between SampleBytes and SpreadBytes.
func spreadPerFile(files int) int64 {
	return min(max(SampleBudgetBytes/int64(max(files, 1)), SampleBytes), SpreadBytes)
}

// sampleUnit reads the first rows of a data file.
func sampleUnit(f DataFile, table string, b rowBudget) (sampledRows, error) {
	u, err := OpenUnit(f, table)
	if err != nil {
		return sampledRows{}, err
	}
	defer u.Close()
	if f.Kind == KindTSV {
		b, _, err := u.NextLines(SampleBytes)
		if err != nil && !errors.Is(err, io.EOF) {
			return sampledRows{}, err
		}
		return parseTSV(b), nil
	}
	m := newSQLModeller() // statements 1, 2, 4, 8… of the file, as a mysqldump scan samples them
	var read int64
	longest := 0
	for n := 0; read < b.perFile; n++ {
		if n%64 == 0 && time.Now().After(b.deadline) {
			break
		}
		st, err := u.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return sampledRows{}, err
		}
		if st.Kind != StmtInsert {
			continue
		}
		read += int64(len(st.Text))
		longest = max(longest, len(st.Text))
		m.insertPiece(table, st.Rest) // the whole statement: a row of a multi-MB BLOB is longer than SampleBytes
	}
	s, _ := m.sampled(table)
	s.longest = longest
	return s, nil
}

// add appends another statement's rows (of the same column list).
func (s *sampledRows) add(more sampledRows) {
	if len(s.rows) == 0 {
		s.columns = more.columns
	}
	if len(more.rows) == 0 || strings.Join(s.columns, ",") != strings.Join(more.columns, ",") {
		return
	}
	s.rows = append(s.rows, more.rows...)
	s.sqlBytes += more.sqlBytes
}

// addWeighted appends rows that each stand for w rows of the table (a
// spread sample: the rows since the previous one).
func (s *sampledRows) addWeighted(more sampledRows, w float64) {
	if len(more.rows) == 0 {
		return
	}
	for len(s.weights) < len(s.rows) {
		s.weights = append(s.weights, 1)
		s.rowBytes = append(s.rowBytes, 0)
	}
	per := float64(more.sqlBytes) / float64(len(more.rows))
	for range more.rows {
		s.weights = append(s.weights, w)
		s.rowBytes = append(s.rowBytes, per)
	}
	s.add(more)
}

// sortModels orders models by name, for stable output.
func sortModels(m []profile.DumpTableModel) []profile.DumpTableModel {
	sort.Slice(m, func(i, j int) bool { return m[i].Name < m[j].Name })
	return m
}

// unmodelledNote counts the tables whose rows could not be sized.
func unmodelledNote(left int) string {
	if left == 0 {
		return ""
	}
	return fmt.Sprintf("%d table(s) could not be sized row by row (compressed pages, a primary key on an expression, "+
		"rows that do not match the CREATE TABLE): their loaded size is estimated from their bytes", left)
}

// sqlModeller collects, during a mysqldump scan, each table's CREATE TABLE
// text and its first rows.
type sqlModeller struct {
	create  strings.Builder
	defs    map[string]tableDef
	engines map[string]string
	// stmts and lines sample each table's INSERT statements and row lines.
	stmts, lines map[string]*thinning
}

func newSQLModeller() *sqlModeller {
	return &sqlModeller{defs: map[string]tableDef{}, engines: map[string]string{},
		stmts: map[string]*thinning{}, lines: map[string]*thinning{}}
}

// createLine adds a line of a CREATE TABLE in progress.
func (m *sqlModeller) createLine(b []byte) { m.create.Write(b) }

// partitionTail adds a line of the partitioning clause mysqldump writes
// after a CREATE TABLE's options (once createEnd parsed them) to the text
// the table's partitions are counted from.
func (m *sqlModeller) partitionTail(key string, b []byte) {
	def, ok := m.defs[key]
	if !ok {
		return
	}
	def.partitionText = append(append(def.partitionText, b...), '\n')
	if statementEnds(b) { // read once, whole: per line it was quadratic (2,000 partitions: 14 s; 8,000 ran past the scan's 30 s)
		text := string(def.partitionText)
		def.partitions, def.partitionBy = partitionCount(text), partitionMethod(text)
	}
	m.defs[key] = def
}

// createEnd parses the CREATE TABLE collected for key and returns its
// text from the definitions on ("" when it has none).
func (m *sqlModeller) createEnd(key, engine string) string {
	text := m.create.String()
	m.create.Reset()
	i := strings.IndexByte(text, '(')
	if i < 0 {
		return ""
	}
	m.defs[key] = parseCreate(text[i:])
	m.engines[key] = engine
	return text[i:]
}

// insertPiece samples rows from the first piece of an INSERT line: the
// first statement's first SampleRows rows, then statements drawn at random
// from the rest (thinning), statementRows rows of each.
func (m *sqlModeller) insertPiece(key string, rest []byte) {
	t := m.thin(m.stmts, key, 1, statementUnits)
	limit := statementRows
	if t.n < t.first { // the first statement's rows are the consecutive run the key order is read from
		limit = SampleRows
	}
	t.offer(func() sampledRows {
		more := parseTuples(rest)
		if len(more.rows) > limit {
			more.sqlBytes = more.sqlBytes * limit / len(more.rows)
			more.rows = more.rows[:limit]
		}
		return more
	})
}

// rowLines samples a line that continues an INSERT (mariadb-dump 10.11
// writes each row of an extended INSERT on its own line): the first
// SampleRows lines, then lines drawn at random from the rest (thinning).
func (m *sqlModeller) rowLines(key string, b []byte) {
	cols := m.thin(m.stmts, key, 1, statementUnits).columns()
	m.thin(m.lines, key, SampleRows, 2*SampleRows).offer(func() sampledRows {
		more := tuplesFrom(b)
		more.columns = cols
		return more
	})
}

// Statement sampling: up to statementUnits statements of a table, the first
// statementRows rows of each.
const (
	statementUnits = 32
	statementRows  = 50
)

// thinning samples a stream of items (statements, or row lines) whose
// length is not known ahead: its first `first` items whole — consecutive
// rows, from which the order of the keys is read — and a uniform random
// sample of max of the rest (reservoir sampling, Vitter's algorithm R),
// reading an item's rows only when it is kept. Unlike every-Nth sampling
// the rest does not alias with values that repeat every few rows (a flag
// on every second row, a note on every tenth). The generator is seeded
// from the table's name alone, so a dump gives the same figures every time.
type thinning struct {
	first, max, n int
	head          sampledRows
	kept          []sampledRows
	rng           *rand.Rand
}

// offer counts one item and keeps its rows (read only then) when drawn.
func (t *thinning) offer(read func() sampledRows) {
	t.n++
	switch {
	case t.n <= t.first:
		t.head.add(read())
	case len(t.kept) < t.max:
		t.kept = append(t.kept, read())
	default:
		if j := t.rng.IntN(t.n - t.first); j < t.max {
			t.kept[j] = read()
		}
	}
}

// columns are the column names of the rows read so far (nil: none).
func (t *thinning) columns() []string { return t.head.columns }

// sampled is the first items' rows, then the kept ones weighted for the
// items each stands for (an item counted as the first items' rows per item).
func (t *thinning) sampled() sampledRows {
	s := t.head
	if len(t.kept) == 0 || len(s.rows) == 0 {
		return s
	}
	perItem := float64(len(s.rows)) / float64(t.first)
	stands := float64(t.n-t.first) / float64(len(t.kept))
	for _, k := range t.kept {
		if len(k.rows) > 0 {
			k.columns = s.columns
			s.addWeighted(k, stands*perItem/float64(len(k.rows)))
		}
	}
	return s
}

// thin is key's sampler in set, made with first and max on first use.
func (m *sqlModeller) thin(set map[string]*thinning, key string, first, max int) *thinning {
	t := set[key]
	if t == nil {
		h := fnv.New64a()
		h.Write([]byte(key))
		t = &thinning{first: first, max: max, rng: rand.New(rand.NewPCG(h.Sum64(), 0x6d797475))}
		set[key] = t
	}
	return t
}

// sampled is key's sample: its row lines when the dump writes rows on
// lines of their own, else its statements' rows.
func (m *sqlModeller) sampled(key string) (sampledRows, bool) {
	if t := m.lines[key]; t != nil {
		if s := t.sampled(); len(s.rows) > 0 {
			return s, true
		}
	}
	if t := m.stmts[key]; t != nil {
		return t.sampled(), true
	}
	return sampledRows{}, false
}

// models sizes the sampled tables (bytes: each table's bytes in the scan).
func (m *sqlModeller) models(bytes func(key string) uint64) ([]profile.DumpTableModel, string) {
	var out []profile.DumpTableModel
	left := 0
	for key := range m.stmts {
		if schema, _, _ := strings.Cut(key, "."); systemSchemas[schema] {
			continue
		}
		s, _ := m.sampled(key)
		def, ok := m.defs[key]
		if !ok {
			left++
			continue
		}
		model, ok := modelTable(key, def, s, nil)
		if !ok {
			left++
			continue
		}
		model.Engine, model.Bytes = m.engines[key], bytes(key)
		out = append(out, model)
	}
	return sortModels(out), unmodelledNote(left)
}
