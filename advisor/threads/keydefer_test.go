package threads

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// keyModel is a table of rows sysbench rows (199 SQL bytes) with the
// plain keys given, after a PRIMARY KEY.
func keyModel(name string, rows float64, keys ...string) profile.DumpTableModel {
	m := profile.DumpTableModel{Name: name, Engine: "InnoDB", Bytes: uint64(rows * 199), SampledRows: 200, SQLBytesPerRow: 199, RecordBytes: 207}
	for i, k := range keys {
		m.IndexEntryBytes, m.IndexAscending, m.IndexDistinct = append(m.IndexEntryBytes, 13), append(m.IndexAscending, 0.5), append(m.IndexDistinct, rows)
		m.SecondaryKeys, m.SecondaryKeyAt = append(m.SecondaryKeys, k), append(m.SecondaryKeyAt, i)
	}
	return m
}

// keyDump is a dump of format f holding the given tables.
func keyDump(format, compression string, models ...profile.DumpTableModel) *profile.Dump {
	d := &profile.Dump{Path: "/d/k", Format: format, Compression: compression, Databases: []string{"sbtest", "other"}, TotalBytes: 160e6, Tables: len(models)}
	for _, m := range models {
		if len(m.SecondaryKeys) > 0 || m.KeysKept != "" {
			d.SecondaryKeyTables = append(d.SecondaryKeyTables, m.Name)
		}
	}
	d.TableModels = models
	return d
}

func TestKeyDeferralOf(t *testing.T) {
	longKey := "KEY `k` (`k`) COMMENT '" + strings.Repeat("x", 60_000) + "'" // two such ALTERs pass KeyDeferMaxStatementBytes
	big := func(name string) profile.DumpTableModel { return keyModel(name, 100_000, "KEY `k_1` (`k`)") }
	with := func(d *profile.Dump, f func(*profile.Dump)) *profile.Dump { f(d); return d }
	cases := []struct {
		name     string
		d        *profile.Dump
		mysql    bool
		deferred []string // "schema.table" deferred, in order; "!" after an exact one
		inline   int
		why      string // in the reason none is deferred
	}{
		{"no dump", nil, false, nil, 0, ""},
		{"no plain keys", keyDump("mydumper", "none", keyModel("sbtest.t1", 100_000)), false, nil, 0, ""},
		{"mydumper, plain schema files: both deferred", keyDump("mydumper", "none", big("sbtest.t1"), big("sbtest.t2")), false, []string{"sbtest.t1", "sbtest.t2"}, 0, ""},
		{"mydumper, gzip schema files: inline", keyDump("mydumper", "gzip", big("sbtest.t1")), false, nil, 0, "compressed (gzip)"},
		{"mysqldump .gz: deferred (the filter is in the pipe)", keyDump("mysqldump", "gzip", big("sbtest.t1")), false, []string{"sbtest.t1"}, 0, ""},
		{"mysqldump read in part: inline", with(keyDump("mysqldump", "none", big("sbtest.t1")), func(d *profile.Dump) { d.ScannedBytes = 1 << 30 }), false, nil, 0, "read only in part"},
		{"MySQL Shell dump: none (loadDump has its own)", keyDump("mysqlsh", "zstd", big("sbtest.t1")), false, nil, 0, ""},
		{"FOREIGN KEYs anywhere: inline", with(keyDump("mydumper", "none", big("sbtest.t1")), func(d *profile.Dump) { d.ForeignKeyTables = []string{"sbtest.child"} }), false, nil, 0, "FOREIGN KEYs (sbtest.child)"},
		{"FOREIGN KEYs with their parents read: the child and the parent keep their keys, an unrelated table's are deferred", with(keyDump("mydumper", "none",
			big("sbtest.t1"), big("sbtest.child"), big("sbtest.parent")), func(d *profile.Dump) {
			d.ForeignKeyTables, d.ForeignKeyParents = []string{"sbtest.child"}, []string{"sbtest.parent"}
		}), false, []string{"sbtest.t1"}, 2, ""},
		{"a parent named in another case by its child's REFERENCES: kept", with(keyDump("mydumper", "none",
			big("sbtest.t1"), big("sbtest.child"), big("sbtest.Parent")), func(d *profile.Dump) {
			d.ForeignKeyTables, d.ForeignKeyParents = []string{"sbtest.child"}, []string{"sbtest.parent"}
		}), false, []string{"sbtest.t1"}, 2, ""},
		{"a FOREIGN KEY between the only big tables: none deferred, the why names the constraint", with(keyDump("mydumper", "none",
			big("sbtest.child"), big("sbtest.parent")), func(d *profile.Dump) {
			d.ForeignKeyTables, d.ForeignKeyParents = []string{"sbtest.child"}, []string{"sbtest.parent"}
		}), false, nil, 2, "in a FOREIGN KEY"},
		{"a small table keeps its keys, the big one not", keyDump("mydumper", "none", big("sbtest.t1"), keyModel("sbtest.small", 2_000, "KEY `k` (`k`)")), false, []string{"sbtest.t1"}, 1, ""},
		{"only small tables: inline", keyDump("mydumper", "none", keyModel("sbtest.small", 2_000, "KEY `k` (`k`)")), false, nil, 1, "under 50,000 rows"},
		{"keys that must stay, MyISAM, versioned, unread: kept", with(keyDump("mydumper", "none", big("sbtest.t1"),
			func() profile.DumpTableModel {
				m := big("sbtest.ai")
				m.KeysKept = "its AUTO_INCREMENT column"
				return m
			}(),
			func() profile.DumpTableModel { m := big("sbtest.my"); m.Engine = "MyISAM"; return m }(), big("sbtest.v")),
			func(d *profile.Dump) {
				d.VersionedTables = []string{"sbtest.v"}
				d.SecondaryKeyTables = append(d.SecondaryKeyTables, "sbtest.unread")
			}), false, []string{"sbtest.t1"}, 4, ""},
		{"MySQL, one name in two schemas, one small: the big one matched by its schema too (a miss: ERROR 1061, and --force goes on)", keyDump("mydumper", "none", big("sbtest.t1"), big("other.t1"), keyModel("sbtest.t2", 2_000, "KEY `k` (`k`)"), keyModel("other.t2", 1e6, "KEY `k` (`k`)")),
			true, []string{"other.t1", "other.t2!", "sbtest.t1"}, 1, ""},
		{"MariaDB, one name in two schemas, one small: the big one matched by its schema", keyDump("mydumper", "none", big("sbtest.t1"), big("other.t1"), keyModel("sbtest.t2", 2_000, "KEY `k` (`k`)"), keyModel("other.t2", 1e6, "KEY `k` (`k`)")),
			false, []string{"other.t1", "other.t2!", "sbtest.t1"}, 1, ""},
		{"a profile saved before the keys were read: none", with(keyDump("mydumper", "none", big("sbtest.t1")), func(d *profile.Dump) { d.SecondaryKeyTables = nil }), false, nil, 0, ""},
		{"MySQL, one name in two schemas, the second past the statement bound: the first matched by its schema", keyDump("mydumper", "none",
			keyModel("sbtest.t1", 200_000, longKey), keyModel("sbtest.t2", 150_000, "KEY `k` (`k`)"), keyModel("other.t1", 100_000, longKey)),
			true, []string{"sbtest.t1!", "sbtest.t2"}, 1, ""},
		{"MariaDB, one name in two schemas, the second past the statement bound: the first matched by its schema", keyDump("mydumper", "none",
			keyModel("sbtest.t1", 200_000, longKey), keyModel("sbtest.t2", 150_000, "KEY `k` (`k`)"), keyModel("other.t1", 100_000, longKey)),
			false, []string{"sbtest.t1!", "sbtest.t2"}, 1, ""},
		{"two tables past the statement bound: none, and the why says the bound", keyDump("mydumper", "none",
			keyModel("sbtest.t1", 200_000, longKey), keyModel("other.t2", 100_000, longKey+longKey)),
			true, []string{"sbtest.t1"}, 1, ""},
		{"the only table past the statement bound: none, and the why says the bound", keyDump("mydumper", "none",
			keyModel("sbtest.t1", 200_000, longKey+longKey)),
			true, nil, 1, "or past the ALTER line's size"},
		{"a dotted database, which myloader 0.10 loads elsewhere: its tables and their names kept", with(keyDump("mydumper", "none",
			big("db.dot.t1"), big("sbtest.t1"), big("sbtest.t2")), func(d *profile.Dump) {
			d.Databases = []string{"db.dot", "sbtest"}
			d.LoaderTraps = []profile.DumpLoaderTrap{{Kind: trapDottedSchema, Schema: "db.dot"}}
		}), false, []string{"sbtest.t1!", "sbtest.t2"}, 1, ""},
		{"MySQL target: deferred, ADD KEY without IF NOT EXISTS", keyDump("mydumper", "none", big("sbtest.t1")), true, []string{"sbtest.t1"}, 0, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			k := keyDeferralOf(c.d, !c.mysql)
			var got []string
			for _, tb := range k.tables {
				got = append(got, joinKeyName(tb))
				if tb.exact {
					got[len(got)-1] += "!"
				}
				if want := !c.mysql; strings.Contains(tb.keys[0], "IF NOT EXISTS") != want {
					t.Errorf("key %q: IF NOT EXISTS %v, want %v", tb.keys[0], !want, want)
				}
			}
			if strings.Join(got, " ") != strings.Join(c.deferred, " ") || k.inline != c.inline {
				t.Errorf("deferred %v (inline %d), want %v (%d)", got, k.inline, c.deferred, c.inline)
			}
			if c.why != "" && !strings.Contains(k.why, c.why) || c.why == "" && k.why != "" && len(c.deferred) > 0 {
				t.Errorf("why %q, want %q in it", k.why, c.why)
			}
		})
	}
}

// TestKeyFilterPerl runs the printed filter over a mydumper schema file and
// a mysqldump stream: the deferred tables' plain KEY lines go (FULLTEXT's
// with them when those are deferred too), the comma before a removed last
// definition with them, other tables' keys and every other line stay byte
// for byte, and perl -i leaves the file a link led to as it was.
func TestKeyFilterPerl(t *testing.T) {
	if _, err := exec.LookPath("perl"); err != nil {
		t.Fatal("perl is needed: the printed lines run it (Debian's perl-base is essential)")
	}
	a := "CREATE TABLE `a` (\n  `id` int(11) NOT NULL,\n  `t` text,\n  PRIMARY KEY (`id`),\n  UNIQUE KEY `u` (`t`(8)),\n" +
		"  KEY `k` (`id`),\n  FULLTEXT KEY `f1` (`t`),\n  INDEX `i` (`t`(4))\n) ENGINE=InnoDB;\n"
	b := "CREATE TABLE `we``ird` (\n  `id` int(11) NOT NULL,\n  KEY `kb` (`id`)\n) ENGINE=InnoDB;\n"
	c := "CREATE TABLE `c` (\n  `id` int(11) NOT NULL,\n  KEY `kc` (`id`)\n) ENGINE=InnoDB;\nINSERT INTO `c` VALUES (1);\n"
	aOut := "CREATE TABLE `a` (\n  `id` int(11) NOT NULL,\n  `t` text,\n  PRIMARY KEY (`id`),\n  UNIQUE KEY `u` (`t`(8)),\n  FULLTEXT KEY `f1` (`t`)\n) ENGINE=InnoDB;\n"
	aNoFT := "CREATE TABLE `a` (\n  `id` int(11) NOT NULL,\n  `t` text,\n  PRIMARY KEY (`id`),\n  UNIQUE KEY `u` (`t`(8))\n) ENGINE=InnoDB;\n"
	bOut := "CREATE TABLE `we``ird` (\n  `id` int(11) NOT NULL\n) ENGINE=InnoDB;\n"
	k := keyDeferral{tables: []keyTable{{schema: "db", table: "a"}, {schema: "db", table: "we`ird"}}}
	cases := []struct {
		name     string
		fulltext bool
		want     string
	}{
		{"plain keys only", false, aOut + bOut + c},
		{"plain and FULLTEXT keys", true, aNoFT + bOut + c},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dd := dirs{keys: k}
			if tc.fulltext {
				dd.fulltext = ftDeferral{tables: []ftTable{{schema: "db", table: "a"}}}
			}
			dir := t.TempDir()
			files := map[string]string{"db.a-schema.sql": a, "db.we`ird-schema.sql": b, "db.c-schema.sql": c}
			for n, s := range files {
				if err := os.WriteFile(filepath.Join(dir, n), []byte(s), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			line, linkDir := noFulltextLines(dirs{load: dir, keys: dd.keys, fulltext: dd.fulltext})
			if linkDir != dir+NoKeysSuffix {
				t.Errorf("link dir %q, want %q", linkDir, dir+NoKeysSuffix)
			}
			if out, err := exec.Command("sh", "-c", line).CombinedOutput(); err != nil {
				t.Fatalf("%s: %v %s", line, err, out)
			}
			var got string
			for _, n := range []string{"db.a-schema.sql", "db.we`ird-schema.sql", "db.c-schema.sql"} {
				s, err := os.ReadFile(filepath.Join(linkDir, n))
				if err != nil {
					t.Fatal(err)
				}
				got += string(s)
				if kept, _ := os.ReadFile(filepath.Join(dir, n)); string(kept) != files[n] {
					t.Errorf("the dump's %s changed:\n%s", n, kept)
				}
			}
			if got != tc.want {
				t.Errorf("filtered:\n%s\nwant\n%s", got, tc.want)
			}
			stream := filepath.Join(t.TempDir(), "dump.sql") // a mysqldump file: every CREATE TABLE in one stream
			if err := os.WriteFile(stream, []byte(a+b+c), 0o644); err != nil {
				t.Fatal(err)
			}
			piped, err := exec.Command("sh", "-c", "cat "+shQuote(stream)+" | perl -ne "+shQuote(deferredFilter(dd))).Output()
			if err != nil || string(piped) != tc.want {
				t.Errorf("piped:\n%s (%v)", piped, err)
			}
		})
	}
	if p := deferredProgram(deferSet{all: true}, deferSet{}, "mydumper"); p != fulltextFilter {
		t.Errorf("deferredProgram with every FULLTEXT table and no plain keys:\n%s\nwant fulltextFilter:\n%s", p, fulltextFilter)
	}
}

// TestKeyPlan: the profiles measured with the fit (testdata/key-defer-fit/:
// the sysbench8 dump of 8 × 100,000 rows, probed on this host's disk and
// on the card bed) get the deferral where the CPUs set the load's pace and
// not where the card does, with the lines and the estimate to match.
func TestKeyPlan(t *testing.T) {
	cases := []struct {
		file     string
		deferred bool
		in       []string // in the commands, or in the notes when not deferred
	}{
		{"profile-host-sysbench8.json", true, []string{"dump.nokeys", "perl -ni -e", "--directory /var/tmp/s57/w/dump.nokeys",
			"ALTER TABLE `sbtest`.`sbtest1` ADD KEY ", "ADD KEY `k_1` (`k`)' 'ALTER TABLE `sbtest`.`sbtest2` ADD KEY ", "| mysql --host TARGET --user USER -p --force"}},
		{"profile-card-sysbench8.json", false, []string{"the secondary indexes load with the rows: the estimate of the load without them plus the ALTER TABLEs is no sooner"}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			b, err := os.ReadFile(filepath.Join("testdata", "key-defer-fit", c.file))
			if err != nil {
				t.Fatal(err)
			}
			var p profile.Profile
			if err := json.Unmarshal(b, &p); err != nil {
				t.Fatal(err)
			}
			plan := Size(&p, Options{Task: TaskLoad})
			if plan.keys.deferred() != c.deferred {
				t.Fatalf("deferred %v, want %v (%s)", plan.keys.deferred(), c.deferred, plan.keys.why)
			}
			text := strings.Join(plan.Commands, "\n")
			if !c.deferred {
				text = strings.Join(plan.Notes, "\n")
			}
			for _, s := range c.in {
				if !strings.Contains(text, s) {
					t.Errorf("%q not in:\n%s", s, text)
				}
			}
			if got := slices.Contains(plan.Notes, forcedAlterNote); got != c.deferred { // no target named: the ALTER line has --force, and says why
				t.Errorf("the --force note: %v, want %v", got, c.deferred)
			}
			if got := strings.Contains(plan.EstimatedLoad.Basis, "to add the plain keys after the load"); got != c.deferred {
				t.Errorf("estimate's basis prices the key step: %v, want %v", got, c.deferred)
			}
		})
	}
}

// TestPlainDefs: MariaDB's keys get IF NOT EXISTS after their word when
// they have a name (SHOW CREATE TABLE always writes one); an unnamed key,
// which the clause cannot follow, and MySQL's keys stay as written.
func TestPlainDefs(t *testing.T) {
	cases := []struct {
		name    string
		def     string
		mariadb bool
		want    string
	}{
		{"named KEY, MariaDB", "KEY `k_1` (`k`)", true, "KEY IF NOT EXISTS `k_1` (`k`)"},
		{"named INDEX with options, MariaDB", "INDEX `i` (`a`,`b`) USING BTREE COMMENT 'x, y'", true, "INDEX IF NOT EXISTS `i` (`a`,`b`) USING BTREE COMMENT 'x, y'"},
		{"unnamed KEY, MariaDB: as written", "KEY (`k`)", true, "KEY (`k`)"},
		{"named KEY, MySQL: as written", "KEY `k_1` (`k`)", false, "KEY `k_1` (`k`)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := plainDefs([]string{c.def}, c.mariadb)[0]; got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

// TestKeyAlterLine: the ALTER line names each table where the load put
// it, in UTF-8 when a name is beyond ASCII: under its schema for a dump that selects its databases, bare
// for a mysqldump file that selects none (the client line names the
// database it was loaded into, the header's or DATABASE; the reader files
// such tables under the header's database or "(no database)").
func TestKeyAlterLine(t *testing.T) {
	keys := func(schema string) keyDeferral {
		return keyDeferral{tables: []keyTable{{schema: schema, table: "t1", keys: []string{"KEY IF NOT EXISTS `k_1` (`k`)"}}}}
	}
	ft := func(schema string) ftDeferral {
		return ftDeferral{tables: []ftTable{{schema: schema, table: "d", keys: []string{"FULLTEXT KEY `f` (`b`)"}}}}
	}
	cases := []struct {
		name string
		dd   dirs
		f    ftDeferral
		want string
	}{
		{"mydumper: qualified", dirs{ifNotExists: true, keys: keys("sbtest")}, ftDeferral{},
			mysqlClient + " -e 'ALTER TABLE `sbtest`.`t1` ADD KEY IF NOT EXISTS `k_1` (`k`)'"},
		{"mysqldump --databases (USE): qualified", dirs{ifNotExists: true, keys: keys("app"), fulltext: ft("app")}, ft("app"),
			mysqlClient + " -e 'ALTER TABLE `app`.`d` ADD FULLTEXT KEY IF NOT EXISTS `f` (`b`); ALTER TABLE `app`.`t1` ADD KEY IF NOT EXISTS `k_1` (`k`)'"},
		{"no USE, the header's database: bare, the client names it", dirs{ifNotExists: true, intoDB: "app", keys: keys("app"), fulltext: ft("app")}, ft("app"),
			mysqlClient + " app -e 'ALTER TABLE `d` ADD FULLTEXT KEY IF NOT EXISTS `f` (`b`); ALTER TABLE `t1` ADD KEY IF NOT EXISTS `k_1` (`k`)'"},
		{"a name beyond ASCII: the client sends UTF-8 whatever the locale", dirs{ifNotExists: true, keys: keyDeferral{tables: []keyTable{{schema: "s1", table: "ünï", keys: []string{"KEY IF NOT EXISTS `kä` (`ä`)"}}}}}, ftDeferral{},
			mysqlClient + " --default-character-set=utf8mb4 -e 'ALTER TABLE `s1`.`ünï` ADD KEY IF NOT EXISTS `kä` (`ä`)'"},
		{"no USE, no header (--compact): bare, not `(no database)`", dirs{ifNotExists: true, intoDB: PlaceholderDatabase, keys: keys("(no database)")}, ftDeferral{},
			mysqlClient + " DATABASE -e 'ALTER TABLE `t1` ADD KEY IF NOT EXISTS `k_1` (`k`)'"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := fulltextAlterLine(c.dd, c.f); got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
		})
	}
}

// TestKeyAlterForced: for a target not known to be MariaDB the ALTER
// statements, without IF NOT EXISTS, reach the client on its standard
// input with --force, each as it was (quotes and % in a COMMENT too).
func TestKeyAlterForced(t *testing.T) {
	dd := dirs{keys: keyDeferral{tables: []keyTable{{schema: "app", table: "t1", keys: []string{"KEY `k_1` (`k`)"}},
		{schema: "app", table: "t2", keys: []string{"KEY `k` (`a`) COMMENT 'it''s 100%'"}}}}}
	f := ftDeferral{tables: []ftTable{{schema: "app", table: "d", keys: []string{"FULLTEXT KEY `f` (`b`)"}}}}
	line := fulltextAlterLine(dd, f)
	pipe, ok := strings.CutSuffix(line, " | "+mysqlClient+" --force")
	if !ok || !strings.HasPrefix(line, "printf ") {
		t.Fatalf("got %s\nwant printf … | %s --force", line, mysqlClient)
	}
	out, err := exec.Command("sh", "-c", pipe).Output()
	want := "ALTER TABLE `app`.`d` ADD FULLTEXT KEY `f` (`b`);\nALTER TABLE `app`.`t1` ADD KEY `k_1` (`k`);\n" +
		"ALTER TABLE `app`.`t2` ADD KEY `k` (`a`) COMMENT 'it''s 100%';\n"
	if err != nil || string(out) != want {
		t.Errorf("the client reads (%v):\n%s\nwant\n%s", err, out, want)
	}
}

// TestKeyLoadNote: the note counts the keyed tables left inline and names
// every reason keyDeferralOf has for it.
func TestKeyLoadNote(t *testing.T) {
	one := []keyTable{{schema: "s1", table: "big", keys: []string{"KEY `k` (`a`)"}}}
	cases := []struct {
		name    string
		k       keyDeferral
		in, out []string
	}{
		{"all deferred: no count", keyDeferral{tables: one}, []string{"1 table loads without its plain secondary indexes: "}, []string{"keys inline"}},
		{"one kept: every reason", keyDeferral{tables: one, inline: 1},
			[]string{"1 table keeps its keys inline: under 50,000 rows", "in a FOREIGN KEY", "past the ALTER line's size"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			note := keyLoadNote(c.k, "")
			for _, s := range c.in {
				if !strings.Contains(note, s) {
					t.Errorf("%q not in %q", s, note)
				}
			}
			for _, s := range c.out {
				if strings.Contains(note, s) {
					t.Errorf("%q in %q", s, note)
				}
			}
		})
	}
}

// TestKeyFilterSchemas runs the printed filter where a deferred table's
// name is also a kept table's in another schema: the deferred one is
// matched by its schema (its mydumper file's name, the mysqldump file's
// USE lines, or the schema its CREATE TABLE names), the other keeps its
// keys, and a routine's body between DELIMITER lines is left alone; USE
// and DELIMITER in lower case as well.
func TestKeyFilterSchemas(t *testing.T) {
	create := func(name, key string) string {
		return "CREATE TABLE " + name + " (\n  `id` int(11) NOT NULL,\n  PRIMARY KEY (`id`),\n  KEY `" + key + "` (`id`)\n) ENGINE=InnoDB;\n"
	}
	bare := func(name string) string {
		return "CREATE TABLE " + name + " (\n  `id` int(11) NOT NULL,\n  PRIMARY KEY (`id`)\n) ENGINE=InnoDB;\n"
	}
	routine := "DELIMITER ;;\nCREATE PROCEDURE `p`()\nBEGIN\nCREATE TABLE `t.+(x)` (\n  `id` int,\n  KEY `kp` (`id`)\n);\nEND ;;\nDELIMITER ;\n"
	odd := "t.+(x)" // regex characters in the name: matched as text
	k := keyDeferral{tables: []keyTable{{schema: "s.1", table: odd, exact: true}, {schema: "s2", table: "u", exact: true}, {schema: "s2", table: "v"}}}
	t.Run("mydumper files", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "dump.d")
		files := map[string][2]string{ // name: content, want
			"s.1." + odd + "-schema.sql": {create("`"+odd+"`", "k1"), bare("`" + odd + "`")},
			"s2." + odd + "-schema.sql":  {create("`"+odd+"`", "k2"), create("`"+odd+"`", "k2")},
			"s.1.u-schema.sql":           {create("`u`", "k3"), create("`u`", "k3")},
			"s2.u-schema.sql":            {create("`u`", "k4"), bare("`u`")},
			"s.1.v-schema.sql":           {create("`v`", "k5"), bare("`v`")},
		}
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for n, f := range files {
			if err := os.WriteFile(filepath.Join(dir, n), []byte(f[0]), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		line, linkDir := noFulltextLines(dirs{load: dir, format: "mydumper", keys: k})
		if out, err := exec.Command("sh", "-c", line).CombinedOutput(); err != nil {
			t.Fatalf("%s: %v %s", line, err, out)
		}
		for n, f := range files {
			if got, err := os.ReadFile(filepath.Join(linkDir, n)); err != nil || string(got) != f[1] {
				t.Errorf("%s: %v\n%s\nwant\n%s", n, err, got, f[1])
			}
		}
	})
	t.Run("mysqldump stream", func(t *testing.T) {
		in := "USE `s.1`;\n" + create("`"+odd+"`", "k1") + create("`u`", "k3") + create("`s2`.`u`", "k4") + routine +
			"USE s2;\n" + create("`"+odd+"`", "k2") + create("`u`", "k4") + create("`v`", "k5")
		want := "USE `s.1`;\n" + bare("`"+odd+"`") + create("`u`", "k3") + bare("`s2`.`u`") + routine +
			"USE s2;\n" + create("`"+odd+"`", "k2") + bare("`u`") + bare("`v`")
		cmd := exec.Command("perl", "-ne", deferredFilter(dirs{format: "mysqldump", keys: k}))
		cmd.Stdin = strings.NewReader(in)
		if got, err := cmd.Output(); err != nil || string(got) != want {
			t.Errorf("%v\n%s\nwant\n%s", err, got, want)
		}
	})
	t.Run("lower-case use and delimiter, as the client takes them (review r67)", func(t *testing.T) {
		lower := strings.ReplaceAll(routine, "DELIMITER", "delimiter")
		in := "USE `s.1`;\n" + create("`u`", "k3") + lower + "use `s2`; -- moved\n" + create("`u`", "k4") + "use s.1 ;\n" + create("`u`", "k3")
		want := "USE `s.1`;\n" + create("`u`", "k3") + lower + "use `s2`; -- moved\n" + bare("`u`") + "use s.1 ;\n" + create("`u`", "k3")
		cmd := exec.Command("perl", "-ne", deferredFilter(dirs{format: "mysqldump", keys: k}))
		cmd.Stdin = strings.NewReader(in)
		if got, err := cmd.Output(); err != nil || string(got) != want {
			t.Errorf("%v\n%s\nwant\n%s", err, got, want)
		}
	})
	t.Run("FULLTEXT alone leaves a routine's body", func(t *testing.T) {
		body := strings.ReplaceAll(routine, "KEY `kp`", "FULLTEXT KEY `kp`")
		cmd := exec.Command("perl", "-ne", fulltextFilter)
		cmd.Stdin = strings.NewReader(body)
		if got, err := cmd.Output(); err != nil || string(got) != body {
			t.Errorf("%v\n%s\nwant\n%s", err, got, body)
		}
	})
}
