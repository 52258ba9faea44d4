package threads

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// ftModel is a FULLTEXT table of 50,000 rows of 245 SQL bytes (ft4's).
func ftModel(name string, words float64, keys ...string) profile.DumpTableModel {
	return profile.DumpTableModel{Name: name, Engine: "InnoDB", Bytes: 12_250_000, SampledRows: 500, SQLBytesPerRow: 245,
		FulltextIndexes: len(keys), FulltextWordsPerRow: words, FulltextKeys: keys}
}

const ftKey = "FULLTEXT KEY `ft_1` (`title`,`body`)"

// ftDump is a dump of format f holding the given FULLTEXT tables.
func ftDump(format, compression string, models ...profile.DumpTableModel) *profile.Dump {
	d := &profile.Dump{Path: "/d/ft", Format: format, Compression: compression, Databases: []string{"sbtest", "a.b"}, TotalBytes: 49e6, Tables: len(models)}
	for _, m := range models {
		d.FulltextTables = append(d.FulltextTables, m.Name)
	}
	d.TableModels = models
	return d
}

func TestFulltextDeferral(t *testing.T) {
	cases := []struct {
		name     string
		d        *profile.Dump
		deferred int    // tables deferred
		why      string // in the reason they stay inline ("" for none)
	}{
		{"no dump", nil, 0, ""},
		{"no FULLTEXT table", &profile.Dump{Format: "mydumper", Compression: "none"}, 0, ""},
		{"mydumper, plain schema files: deferred", ftDump("mydumper", "none", ftModel("sbtest.t1", 44, ftKey), ftModel("sbtest.t2", 44, ftKey)), 2, ""},
		{"mydumper, gzip schema files: inline", ftDump("mydumper", "gzip", ftModel("sbtest.t1", 44, ftKey)), 0, "compressed (gzip)"},
		{"mysqldump .gz: deferred (the filter is in the pipe)", ftDump("mysqldump", "gzip", ftModel("sbtest.t1", 44, ftKey)), 1, ""},
		{"mysqldump read in part: inline", func() *profile.Dump {
			d := ftDump("mysqldump", "none", ftModel("sbtest.t1", 44, ftKey))
			d.ScannedBytes = 1 << 30
			return d
		}(), 0, "read only in part"},
		{"MySQL Shell dump: loadDump defers itself", ftDump("mysqlsh", "zstd", ftModel("sbtest.t1", 44, ftKey)), 0, ""},
		{"a FULLTEXT table without a model: that one inline", func() *profile.Dump {
			d := ftDump("mydumper", "none", ftModel("sbtest.t1", 44, ftKey))
			d.FulltextTables = append(d.FulltextTables, "sbtest.empty")
			return d
		}(), 1, "sbtest.empty were not read"},
		{"a MyISAM FULLTEXT table: inline", func() *profile.Dump {
			m := ftModel("sbtest.t1", 44, ftKey)
			m.Engine = "MyISAM"
			return ftDump("mydumper", "none", m)
		}(), 0, "is MyISAM"},
		{"a small table (2,000 rows × 44 words): that one inline", func() *profile.Dump {
			m := ftModel("sbtest.small", 44, ftKey)
			m.Bytes = 2000 * 245
			return ftDump("mydumper", "none", ftModel("sbtest.t1", 44, ftKey), m)
		}(), 1, "about 88,000 words (2,000 rows × 44.0), fewer than the 100,000"},
		{"few words a row: that table inline, the other deferred", ftDump("mydumper", "none", ftModel("sbtest.t1", 44, ftKey), ftModel("sbtest.few", FulltextDeferMinWords-0.5, ftKey)), 1, "fewer than the"},
		{"only tables of few words: none deferred", ftDump("mydumper", "none", ftModel("sbtest.few", FulltextDeferMinWords-0.5, ftKey)), 0, "fewer than the"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := fulltextDeferral(c.d)
			if len(f.tables) != c.deferred {
				t.Errorf("deferred %d tables, want %d (why %q)", len(f.tables), c.deferred, f.why)
			}
			why := f.why + f.keptWhy // why none is deferred, or why the kept ones are
			if c.why == "" && why != "" || !strings.Contains(why, c.why) {
				t.Errorf("why %q, want one with %q", why, c.why)
			}
			if want := c.d != nil && len(c.d.FulltextTables) > c.deferred && c.deferred > 0; (f.kept > 0) != want {
				t.Errorf("kept %d, want some: %v", f.kept, want)
			}
			if want := float64(c.deferred) * 50_000 * 44; f.deferred() && f.words != want {
				t.Errorf("words %.0f, want %.0f: rows × words per row", f.words, want)
			}
		})
	}
}

func TestHuman(t *testing.T) {
	for _, c := range []struct {
		n    float64
		want string
	}{{0, "0"}, {999, "999"}, {1000, "1,000"}, {88000.4, "88,000"}, {1234567, "1,234,567"}} {
		t.Run(c.want, func(t *testing.T) {
			if got := human(c.n); got != c.want {
				t.Errorf("human(%v) = %q, want %q", c.n, got, c.want)
			}
		})
	}
}

func TestSplitTableName(t *testing.T) {
	dbs := []string{"a", "a.b", "shop"}
	cases := []struct{ name, schema, table string }{
		{"shop.t", "shop", "t"},
		{"a.b.c", "a.b", "c"},
		{"a.x.y", "a", "x.y"},
		{".t", "", "t"},
		{"other.t.u", "other", "t.u"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if s, tb := splitTableName(c.name, dbs); s != c.schema || tb != c.table {
				t.Errorf("got %q %q, want %q %q", s, tb, c.schema, c.table)
			}
		})
	}
}

func TestFulltextLines(t *testing.T) {
	odd := ftModel("a.b.it's `x` y", 44, "FULLTEXT KEY `f` (`t`)", "FULLTEXT KEY `g` (`u`)")
	cases := []struct {
		name string
		dd   dirs
		want []string // the lines, in order
	}{
		{"mydumper, MariaDB", dirs{load: "/d/ft", format: "mydumper", ifNotExists: true}, []string{
			"mkdir -p /d/ft.nofulltext && find /d/ft -maxdepth 1 -xtype f -exec ln -sf -t /d/ft.nofulltext {} + && find /d/ft.nofulltext -maxdepth 1 -name '*-schema.sql' -exec perl -ni -e " + shQuote(fulltextFilter) + " {} +",
			"myloader --host TARGET --user USER --ask-password --threads 4 --directory /d/ft.nofulltext --queries-per-transaction 1000",
			mysqlClient + " -e 'ALTER TABLE `sbtest`.`t1` ADD " + strings.Replace(ftKey, "KEY ", "KEY IF NOT EXISTS ", 1) + "; ALTER TABLE `a.b`.`it'\\''s ``x`` y` ADD FULLTEXT KEY IF NOT EXISTS `f` (`t`); " +
				"ALTER TABLE `a.b`.`it'\\''s ``x`` y` ADD FULLTEXT KEY IF NOT EXISTS `g` (`u`)'"}},
		{"mydumper with the system schemas: one link directory, without them", dirs{load: "/d/ft/", format: "mydumper", system: []string{"mysql"}}, []string{
			"mkdir -p /d/ft.nofulltext && find /d/ft/ -maxdepth 1 -xtype f ! -name 'mysql.*' ! -name 'mysql-schema-*' -exec ln -sf -t /d/ft.nofulltext {} + && find /d/ft.nofulltext -maxdepth 1 -name '*-schema.sql' -exec perl -ni -e " + shQuote(fulltextFilter) + " {} +"}},
		{"mysqldump file, a target not named: the ALTERs on stdin with --force", dirs{load: "/d/x.sql", format: "mysqldump", compression: "none", skipBinlog: true}, []string{
			"perl -ne " + shQuote(fulltextFilter) + " /d/x.sql | " + mysqlClient + " " + InitSkipBinlog,
			"printf '%s;\\n' 'ALTER TABLE `sbtest`.`t1` ADD " + ftKey + "' 'ALTER TABLE `a.b`.`it'\\''s ``x`` y` ADD FULLTEXT KEY `f` (`t`)' 'ALTER TABLE `a.b`.`it'\\''s ``x`` y` ADD FULLTEXT KEY `g` (`u`)' | " +
				mysqlClient + " " + InitSkipBinlog + " --force"}},
		{"mysqldump .gz", dirs{load: "/d/x.sql.gz", format: "mysqldump", compression: "gzip"}, []string{
			"gunzip -c /d/x.sql.gz | perl -ne " + shQuote(fulltextFilter) + " | " + mysqlClient}},
	}
	d := ftDump("mydumper", "none", ftModel("sbtest.t1", 44, ftKey), odd)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.dd.fulltext = fulltextDeferral(d)
			lines, notes := loadCommands(c.dd, false, 4)
			if len(lines) < len(c.want) {
				t.Fatalf("lines %q, want %d", lines, len(c.want))
			}
			for i, w := range c.want {
				if lines[i] != w {
					t.Errorf("line %d:\n%s\nwant\n%s", i, lines[i], w)
				}
			}
			if !strings.Contains(strings.Join(notes, "\n"), "2 tables with FULLTEXT indexes") {
				t.Errorf("notes %q: no FULLTEXT note", notes)
			}
		})
	}
}

// TestFulltextFilterPerl runs the printed filter: the FULLTEXT lines go,
// the comma before a last one with them, the rest stays byte for byte,
// and perl -i leaves the file a link led to as it was.
func TestFulltextFilterPerl(t *testing.T) {
	if _, err := exec.LookPath("perl"); err != nil {
		t.Skip("no perl")
	}
	in := "CREATE TABLE `a` (\n  `id` int(11) NOT NULL,\n  `t` text,\n  PRIMARY KEY (`id`),\n  FULLTEXT KEY `f1` (`t`),\n" +
		"  KEY `k` (`id`),\n  FULLTEXT INDEX `f2` (`t`),\n  FULLTEXT KEY `f3` (`t`)\n) ENGINE=InnoDB;\n" +
		"INSERT INTO `a` VALUES (1,'  FULLTEXT KEY x');\nCREATE TABLE `b` (\n  `id` int(11) NOT NULL,\n  PRIMARY KEY (`id`)\n) ENGINE=InnoDB;\n"
	want := "CREATE TABLE `a` (\n  `id` int(11) NOT NULL,\n  `t` text,\n  PRIMARY KEY (`id`),\n  KEY `k` (`id`)\n) ENGINE=InnoDB;\n" +
		"INSERT INTO `a` VALUES (1,'  FULLTEXT KEY x');\nCREATE TABLE `b` (\n  `id` int(11) NOT NULL,\n  PRIMARY KEY (`id`)\n) ENGINE=InnoDB;\n"
	dir := t.TempDir()
	orig, link := filepath.Join(dir, "db.a-schema.sql"), filepath.Join(dir, "links")
	if err := os.WriteFile(orig, []byte(in), 0o644); err != nil {
		t.Fatal(err)
	}
	line, _ := noFulltextLines(dirs{load: dir, fulltext: ftDeferral{tables: []ftTable{{schema: "db", table: "a"}}}})
	line = strings.ReplaceAll(line, shQuote(dir+NoFulltextSuffix), shQuote(link))
	if out, err := exec.Command("sh", "-c", line).CombinedOutput(); err != nil {
		t.Fatalf("%s: %v %s", line, err, out)
	}
	got, err := os.ReadFile(filepath.Join(link, "db.a-schema.sql"))
	if err != nil || string(got) != want {
		t.Errorf("filtered:\n%s\nwant\n%s (%v)", got, want, err)
	}
	if kept, _ := os.ReadFile(orig); string(kept) != in {
		t.Errorf("the dump's file changed:\n%s", kept)
	}
	piped, err := exec.Command("sh", "-c", "perl -ne "+shQuote(fulltextFilter)+" "+shQuote(orig)).Output()
	if err != nil || string(piped) != want {
		t.Errorf("piped:\n%s (%v)", piped, err)
	}
}

// TestFulltextEstimate: a deferred load's estimate is the model's without
// the FULLTEXT work plus the ALTER step, for --task load and all; a copy
// (whose myloader loads the dump it makes) and a dump kept inline get none.
func TestFulltextEstimate(t *testing.T) {
	d := ftDump("mydumper", "none", ftModel("sbtest.t1", 44, ftKey), ftModel("sbtest.t2", 44, ftKey))
	host := profile.Host{CPU: profile.CPU{Logical: 2}, Memory: profile.Memory{TotalBytes: 23 << 30, AvailableBytes: 20 << 30}}
	base := Size(&profile.Profile{Host: host, Dump: withoutFulltext(&profile.Profile{Dump: d}, fulltextDeferral(d)).Dump}, Options{Task: TaskLoad}).EstimatedLoad
	fast, slow, _ := alterCost(fulltextDeferral(d))
	cases := []struct {
		name  string
		task  string
		d     *profile.Dump
		alter bool
	}{
		{"load: the ALTER step added", TaskLoad, d, true},
		{"all: the ALTER step added", TaskAll, d, true},
		{"copy: no ALTER line, no step", TaskCopy, d, false},
		{"kept inline (gzip schema files): no step", TaskLoad, ftDump("mydumper", "gzip", ftModel("sbtest.t1", 44, ftKey), ftModel("sbtest.t2", 44, ftKey)), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			plan := Size(&profile.Profile{Host: host, Dump: c.d}, Options{Task: c.task})
			got := plan.EstimatedLoad
			has := strings.Contains(got.Basis, "to add the FULLTEXT indexes after the load")
			if has != c.alter {
				t.Fatalf("basis %q: ALTER step %v, want %v", got.Basis, has, c.alter)
			}
			if c.alter && c.task == TaskLoad {
				if lo := got.Low.Seconds() - base.Low.Seconds(); lo < fast-0.1 || lo > fast+0.1 {
					t.Errorf("low %v over the model's %v by %.2f s, want the ALTER's %.2f", got.Low, base.Low, lo, fast)
				}
				if hi := got.High.Seconds() - base.High.Seconds(); hi < slow-1 || hi > slow+1 {
					t.Errorf("high %v over the model's %v by %.2f s, want about the ALTER's %.2f", got.High, base.High, hi, slow)
				}
			}
		})
	}
}

// TestFulltextSpaceWarning: the largest deferred table's rebuild (2.9× its
// 12.25 MB in the dump: 35.5 MB) against the datadir's and tmpdir's free
// space; nothing when both have room or nothing is deferred.
func TestFulltextSpaceWarning(t *testing.T) {
	d := ftDump("mydumper", "none", ftModel("sbtest.t1", 44, ftKey))
	cases := []struct {
		name    string
		storage profile.Storage
		d       *profile.Dump
		want    []string // in the warning; none: no warning
	}{
		{"room in both", profile.Storage{FreeBytes: 10 << 30, TmpDir: &profile.TmpDir{Variable: "tmpdir", RedoDir: profile.RedoDir{Path: "/tmp", FreeBytes: 1 << 30}}}, d, nil},
		{"datadir short", profile.Storage{FreeBytes: 30 << 20}, d, []string{"sbtest.t1", "33.9 MiB", "2.9×", "11.7 MiB", "datadir's filesystem has 30.0 MiB free"}},
		{"tmpdir short", profile.Storage{FreeBytes: 10 << 30, TmpDir: &profile.TmpDir{Variable: "innodb_tmpdir", RedoDir: profile.RedoDir{Path: "/small", FreeBytes: 16 << 20}}}, d, []string{"innodb_tmpdir (/small) has 16.0 MiB free"}},
		{"free space not read", profile.Storage{}, d, nil},
		{"not deferred", profile.Storage{FreeBytes: 1 << 20}, ftDump("mydumper", "gzip", ftModel("sbtest.t1", 44, ftKey)), nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := fulltextSpaceWarning(&profile.Profile{Storage: c.storage, Dump: c.d}, fulltextDeferral(c.d))
			if len(c.want) == 0 && w != "" {
				t.Fatalf("warning %q, want none", w)
			}
			for _, s := range c.want {
				if !strings.Contains(w, s) {
					t.Errorf("warning %q, want %q in it", w, s)
				}
			}
		})
	}
}

// TestFulltextPartialFilter runs the filter when some FULLTEXT tables keep
// their indexes inline: only the deferred tables' FULLTEXT lines go (s1.a
// by its schema: s2.a, kept, shares its name), with s1.a's plain key.
func TestFulltextPartialFilter(t *testing.T) {
	table := func(name string, lines ...string) string {
		return "CREATE TABLE " + name + " (\n  `id` int(11) NOT NULL,\n  `t` text,\n  PRIMARY KEY (`id`)" + strings.Join(lines, "") + "\n) ENGINE=InnoDB;\n"
	}
	ft, key := ",\n  FULLTEXT KEY `f` (`t`)", ",\n  KEY `k` (`id`)"
	in := "USE `s1`;\n" + table("`a`", key, ft) + table("`small`", ft) + "USE `s2`;\n" + table("`a`", key, ft) + table("`b`", ft)
	want := "USE `s1`;\n" + table("`a`") + table("`small`", ft) + "USE `s2`;\n" + table("`a`", key, ft) + table("`b`")
	dd := dirs{format: "mysqldump",
		fulltext: ftDeferral{tables: []ftTable{{schema: "s1", table: "a", exact: true}, {schema: "s2", table: "b"}}, kept: 2},
		keys:     keyDeferral{tables: []keyTable{{schema: "s1", table: "a", exact: true}}}}
	cmd := exec.Command("perl", "-ne", deferredFilter(dd))
	cmd.Stdin = strings.NewReader(in)
	if got, err := cmd.Output(); err != nil || string(got) != want {
		t.Errorf("%v\n%s\nwant\n%s", err, got, want)
	}
}
