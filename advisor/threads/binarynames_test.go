package threads

import (
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestBinaryNamesLines: plain schema files get one sed -i line, gzip and
// zstd ones a loop through a decompressed copy (partition VALUES as
// columns, review r69); a CREATE TABLE that is
// not UTF-8 gets no line and the warning names it; other formats and
// dumps without such tables get neither.
func TestBinaryNamesLines(t *testing.T) {
	kind := profile.DumpBinaryNames{Table: "src.kind", File: "src.kind-schema.sql", Parents: []string{"src.pär"}}
	lat := profile.DumpBinaryNames{Table: "src.lat", File: "src.lat-schema.sql.gz", Columns: []string{"e"}}
	zst := profile.DumpBinaryNames{Table: "src.z", File: "src.z-schema.sql.zst", Columns: []string{"e"}}
	part := profile.DumpBinaryNames{Table: "src.part", File: "src.part-schema.sql", PartitionColumns: []string{"c"}}
	bad := profile.DumpBinaryNames{Table: "src.bad", File: "src.bad-schema.sql", Columns: []string{"c"}, NotUTF8: true}
	cases := []struct {
		name      string
		format    string
		binary    []profile.DumpBinaryNames
		lines     []string
		noteHas   []string
		noteLacks []string
	}{
		{"plain", "mydumper", []profile.DumpBinaryNames{kind},
			[]string{`mkdir -p -- '/d d.binary' && (for f in '/d d/src.kind-schema.sql'; do b='/d d.binary'/"${f##*/}"; { [ -e "$b" ] || cp -p -- "$f" "$b"; } && sed -i '1,/CREATE TABLE/s/SET NAMES binary/SET NAMES utf8mb4/I' -- "$f" || exit 1; done)`},
			[]string{"table src.kind has FOREIGN KEYs to src.pär", "ERROR 1452", "originals in /d d.binary"}, []string{"double-encoded ('ä'", "Not changed"}},
		{"gzip and zstd", "mydumper", []profile.DumpBinaryNames{lat, zst},
			[]string{`mkdir -p -- '/d d.binary' && (for f in '/d d/src.lat-schema.sql.gz'; do b='/d d.binary'/"${f##*/}"; if [ ! -e "$f" ] && [ -e "${f%.gz}" ]; then f=${f%.gz}; b=${b%.gz}; { [ -e "$b" ] || cp -p -- "$f" "$b"; } && sed -i '1,/CREATE TABLE/s/SET NAMES binary/SET NAMES utf8mb4/I' -- "$f" || exit 1; continue; fi; { [ -e "$b" ] || cp -p -- "$f" "$b"; } && gzip -dc -- "$f" > "$b.txt" && sed -i '1,/CREATE TABLE/s/SET NAMES binary/SET NAMES utf8mb4/I' "$b.txt" && gzip -n < "$b.txt" > "$b.new" && mv -- "$b.new" "$f" && rm -- "$b.txt" || exit 1; done)`,
				`mkdir -p -- '/d d.binary' && (for f in '/d d/src.z-schema.sql.zst'; do b='/d d.binary'/"${f##*/}"; { [ -e "$b" ] || cp -p -- "$f" "$b"; } && zstd -q -dc -- "$f" > "$b.txt" && sed -i '1,/CREATE TABLE/s/SET NAMES binary/SET NAMES utf8mb4/I' "$b.txt" && zstd -q < "$b.txt" > "$b.new" && mv -- "$b.new" "$f" && rm -- "$b.txt" || exit 1; done)`},
			[]string{"tables src.lat, src.z have columns", "(src.lat.e, src.z.e)"}, []string{"FOREIGN KEYs"}},
		{"partition VALUES", "mydumper", []profile.DumpBinaryNames{part},
			[]string{`mkdir -p -- '/d d.binary' && (for f in '/d d/src.part-schema.sql'; do b='/d d.binary'/"${f##*/}"; { [ -e "$b" ] || cp -p -- "$f" "$b"; } && sed -i '1,/CREATE TABLE/s/SET NAMES binary/SET NAMES utf8mb4/I' -- "$f" || exit 1; done)`},
			[]string{"table src.part has partitions whose VALUES", "(src.part.c)", "find no partition", "land in another partition"}, []string{"FOREIGN KEYs", "double-encoded ('ä'"}},
		{"not UTF-8", "mydumper", []profile.DumpBinaryNames{bad}, nil,
			[]string{"Not changed by a line: table src.bad"}, []string{"The line before myloader"}},
		{"mysqlsh", "mysqlsh", []profile.DumpBinaryNames{kind}, nil, nil, nil},
		{"none", "mydumper", nil, nil, nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lines := binaryNamesLines(dirs{format: c.format, load: "/d d", binary: c.binary})
			if strings.Join(lines, "\n") != strings.Join(c.lines, "\n") {
				t.Errorf("lines:\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(c.lines, "\n"))
			}
			w := BinaryNamesWarning(&profile.Profile{Dump: &profile.Dump{Format: c.format, Path: "/d d", BinaryNames: c.binary}})
			if c.noteHas == nil {
				if w != "" {
					t.Errorf("warning %q, want none", w)
				}
				return
			}
			for _, want := range c.noteHas {
				if !strings.Contains(w, want) {
					t.Errorf("warning lacks %q: %s", want, w)
				}
			}
			for _, lack := range c.noteLacks {
				if strings.Contains(w, lack) {
					t.Errorf("warning has %q: %s", lack, w)
				}
			}
		})
	}
}

// TestBinaryNamesMysqldump: a mysqldump file whose CREATE TABLEs' literals
// its SET NAMES binary would double-encode loads through the perl filter
// (before the client, after the decompression) with a warning; a table
// whose CREATE TABLE is not UTF-8 alone gets the warning and no filter; a
// table whose partitions alone quote such literals gets both, the warning
// saying the client stops at a LIST's row (not myloader's chunk).
func TestBinaryNamesMysqldump(t *testing.T) {
	lat := profile.DumpBinaryNames{Table: "src.lat", Columns: []string{"e"}}
	bad := profile.DumpBinaryNames{Table: "src.bad", Columns: []string{"c"}, NotUTF8: true}
	cases := []struct {
		name        string
		compression string
		binary      []profile.DumpBinaryNames
		line        string
		warnHas     []string
	}{
		{"plain", "", []profile.DumpBinaryNames{lat}, "perl -ne '" + namesWrapProgram + "' /d/f.sql | " + mysqlClient,
			[]string{"mysqldump --default-character-set=binary", "table src.lat has columns", "a perl filter in its pipe"}},
		{"gzip", "gzip", []profile.DumpBinaryNames{lat}, "gunzip -c /d/f.sql | perl -ne '" + namesWrapProgram + "' | " + mysqlClient, nil},
		{"not UTF-8", "", []profile.DumpBinaryNames{bad}, mysqlClient + " < /d/f.sql", []string{"Not changed by the line: table src.bad"}},
		{"partitions only (review r70)", "", []profile.DumpBinaryNames{{Table: "sp.plist", PartitionColumns: []string{"c"}}},
			"perl -ne '" + namesWrapProgram + "' /d/f.sql | " + mysqlClient,
			[]string{"table sp.plist has partitions whose VALUES", "(sp.plist.c)", "ERROR 1526: the mysql client stops there", "a perl filter in its pipe"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := &profile.Dump{Format: "mysqldump", Path: "/d/f.sql", Compression: c.compression, BinaryNames: c.binary}
			if got := fileLoad(dirsOf(d)); got != c.line {
				t.Errorf("load line:\n%s\nwant\n%s", got, c.line)
			}
			w := BinaryNamesWarning(&profile.Profile{Dump: d})
			for _, want := range c.warnHas {
				if !strings.Contains(w, want) {
					t.Errorf("warning lacks %q: %s", want, w)
				}
			}
		})
	}
}

// TestNamesWrapProgram runs namesWrapProgram through perl: a non-ASCII
// UTF-8 CREATE TABLE is wrapped only where the last SET NAMES set binary
// (review r70: the utf8mb4 part of two mysqldump files put into one was
// wrapped too, and its rows then loaded under the binary set back), and
// never inside a DELIMITER block, nor when ASCII or not UTF-8.
func TestNamesWrapProgram(t *testing.T) {
	if _, err := exec.LookPath("perl"); err != nil {
		t.Skip("perl not installed")
	}
	const (
		bin     = "/*!40101 SET NAMES binary */;\n"
		utf     = "/*!40101 SET NAMES utf8mb4 */;\n"
		lat     = "CREATE TABLE `lat` (\n  `e` enum('ä','b')\n) ENGINE=InnoDB DEFAULT CHARSET=latin1;\n"
		wrapped = utf + lat + bin
	)
	cases := []struct{ name, in, want string }{
		{"binary: wrapped", bin + lat, bin + wrapped},
		{"utf8mb4: as it is", utf + lat, utf + lat},
		{"MySQL 8's two lines", "/*!40101 SET NAMES utf8 */;\n/*!50503 SET NAMES utf8mb4 */;\n" + lat, "/*!40101 SET NAMES utf8 */;\n/*!50503 SET NAMES utf8mb4 */;\n" + lat},
		{"utf8mb4 part, then binary part", utf + lat + bin + lat, utf + lat + bin + wrapped},
		{"binary part, then utf8mb4 part", bin + lat + utf + lat, bin + wrapped + utf + lat},
		{"a routine's body", bin + "DELIMITER ;;\nCREATE TABLE t (e enum('ä'));\nSET NAMES utf8;\nDELIMITER ;\n" + lat,
			bin + "DELIMITER ;;\nCREATE TABLE t (e enum('ä'));\nSET NAMES utf8;\nDELIMITER ;\n" + wrapped},
		{"ASCII", bin + "CREATE TABLE `a` (`e` enum('a'));\n", bin + "CREATE TABLE `a` (`e` enum('a'));\n"},
		{"not UTF-8", bin + "CREATE TABLE `l` (`c` char(1) DEFAULT '\xe4');\n", bin + "CREATE TABLE `l` (`c` char(1) DEFAULT '\xe4');\n"},
		{"cut short", bin + "CREATE TABLE `lat` (\n  `e` enum('ä')\n", bin + "CREATE TABLE `lat` (\n  `e` enum('ä')\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cmd := exec.Command("perl", "-ne", namesWrapProgram)
			cmd.Stdin = strings.NewReader(c.in)
			out, err := cmd.Output()
			if err != nil {
				t.Fatal(err)
			}
			if string(out) != c.want {
				t.Errorf("got\n%s\nwant\n%s", out, c.want)
			}
		})
	}
}

// TestNoSetNamesClient: a UTF-8 mysqldump file that sets no character
// set gets --default-character-set=utf8mb4 on its client line and the
// note; a file that sets one gets neither.
func TestNoSetNamesClient(t *testing.T) {
	for _, c := range []struct {
		name  string
		utf8  bool
		wants bool
	}{{"no SET NAMES, UTF-8 text", true, true}, {"SET NAMES or not UTF-8", false, false}} {
		t.Run(c.name, func(t *testing.T) {
			d := &profile.Dump{Format: "mysqldump", Path: "/d/f.sql", NoSetNamesUTF8: c.utf8, NoSessionHeader: true}
			lines, notes := mysqldumpLoad(dirsOf(d))
			hasFlag := strings.Contains(lines[len(lines)-1], mysqlClient+" "+clientUTF8+" --init-command=")
			if hasFlag != c.wants || slices.Contains(notes, noNamesNote) != c.wants {
				t.Errorf("flag %v, note %v, want %v:\n%s\n%q", hasFlag, slices.Contains(notes, noNamesNote), c.wants, lines[len(lines)-1], notes)
			}
		})
	}
}
