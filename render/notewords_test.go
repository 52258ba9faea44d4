package render

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestWrapKeepsCommandsWhole: a command line quoted in a note was wrapped
// at the terminal's width like prose (review r11, reported not fixed):
// pasted, the shell ran its first line alone ("mytune calibrate --dump
// '/backup/shop' -h db1" against db1's default port), and the folding of
// blanks turned a quoted path's double space into one. Now a command that
// fits goes whole onto a line, and a wider one gets lines of its own that
// the shell reads as one command (" \" at each end but the last).
func TestWrapKeepsCommandsWhole(t *testing.T) {
	const calib = "mytune calibrate --dump '/var/tmp/my  dump dir' -h db1 -P 3307 --format json --out calibration.json"
	const dump = "mariadb-dump --host SOURCE --user USER -p --no-data --no-create-info --no-create-db --triggers " +
		"--routines --events --databases CASEY casey > objects.sql"
	const sed = "gunzip -f /d/legacy.audit-schema.sql.gz && sed -i \"1i SET SESSION sql_mode='STRICT_TRANS_TABLES,NO_ENGINE_SUBSTITUTION';\" " +
		"/d/legacy.audit-schema.sql"
	cases := []struct {
		name    string
		note    string
		width   int
		command string // the command the lines must carry whole ("" for none)
		inline  bool   // the command fits on one line of the note
	}{
		{"calibrate line wider than the line", "the load threads extrapolate here. Measure the answer on the target in about a " +
			"minute (it writes only into its own scratch schema): " + calib + ", then advise again with --calibration calibration.json",
			76, calib, false},
		{"mariadb-dump in parentheses", "if `CASEY`, `casey` on the source hold any, myloader restores none of them; dump them alone (" +
			dump + ") and load that after myloader (mysql --host TARGET --user USER -p < objects.sql), or dump again", 76, dump, false},
		{"short command moves whole to the next line", "a long run of prose words before it so the line is nearly full: " +
			"mysql --host TARGET --user USER -p < objects.sql), or dump again", 60, "mysql --host TARGET --user USER -p < objects.sql", true},
		{"backticks", "save one with `mytune probe --format json --out FILE` and give it to --from", 40,
			"mytune probe --format json --out FILE", true},
		{"prose naming a program", "the mysql client and mysqldump as the manual says, with a long tail of words after it to wrap", 30, "", true},
		{"a quoted path in prose keeps its spaces", "the dump '/var/tmp/my  dump dir' holds 3 tables and more prose words here", 30, "", true},
		{"a command first in the text", calib + ", then advise again", 50, calib, false},
		{"sed of a schema file, a quoted SET with its semicolon inside", "(myloader loads every file whose name contains .sql): " + sed +
			". SET GLOBAL sql_mode would do too", 90, sed, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lines := wrap(c.note, c.width, "  ")
			joined := strings.Join(lines, "\n")
			if strings.Contains(c.note, "my  dump dir") && !strings.Contains(joined, "'/var/tmp/my  dump dir'") {
				t.Errorf("the quoted path lost its double space:\n%s", joined)
			}
			if c.command == "" {
				for _, l := range lines {
					if strings.HasSuffix(l, `\`) {
						t.Errorf("prose got a continuation: %q", l)
					}
				}
				if got := strings.Join(strings.Fields(joined), " "); got != strings.Join(strings.Fields(c.note), " ") {
					t.Errorf("text changed:\n got %q\nwant %q", got, c.note)
				}
				return
			}
			got := commandAsPasted(t, lines, c.command)
			if got != c.command {
				t.Errorf("pasted command:\n got %q\nwant %q\nlines:\n%s", got, c.command, joined)
			}
			for _, l := range lines {
				if ansi.StringWidth(l) > c.width && !strings.Contains(l, "'/var/tmp/my  dump dir'") {
					t.Errorf("line %q is wider than %d", l, c.width)
				}
			}
		})
	}
}

// commandAsPasted finds the lines that hold cmd's first word and reads
// them as the shell would when they are copied as they stand: one line,
// or lines joined where one ends in " \".
func commandAsPasted(t *testing.T, lines []string, cmd string) string {
	t.Helper()
	head := strings.Fields(cmd)[0]
	for i, l := range lines {
		at := strings.Index(l, head)
		if at < 0 {
			continue
		}
		var b strings.Builder
		b.WriteString(l[at:])
		for strings.HasSuffix(b.String(), ` \`) && i+1 < len(lines) {
			s := strings.TrimSuffix(b.String(), `\`)
			b.Reset()
			i++
			b.WriteString(s + strings.TrimLeft(lines[i], " "))
		}
		s := b.String()
		if end := strings.Index(s, cmd); end == 0 {
			return s[:len(cmd)]
		}
		return strings.TrimRight(s, ",;)` ")
	}
	t.Fatalf("no line holds %q:\n%s", head, strings.Join(lines, "\n"))
	return ""
}

// TestWrappedCommandRunsAsOne pastes a wrapped command into bash as a
// user would (the lines as printed, indentation included) and checks
// that the shell sees every word of it as arguments of one command.
func TestWrappedCommandRunsAsOne(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash on this machine")
	}
	note := "measure it: mytune calibrate --dump '/var/tmp/my  dump dir' -h db1 -P 3307 --format json --out calibration.json, then advise again"
	lines := wrap(note, 40, "  ")
	var cmd []string
	in := false
	for _, l := range lines {
		if strings.Contains(l, "mytune calibrate") {
			in = true
		}
		if in {
			cmd = append(cmd, l)
			if !strings.HasSuffix(l, `\`) {
				break
			}
		}
	}
	script := "mytune() { printf '%s\\n' \"$#\" \"$@\"; }\n" + strings.Join(cmd, "\n") + "\n"
	out, err := exec.Command(bash, "-c", script).Output()
	if err != nil {
		t.Fatalf("bash: %v\n%s", err, script)
	}
	want := "11\ncalibrate\n--dump\n/var/tmp/my  dump dir\n-h\ndb1\n-P\n3307\n--format\njson\n--out\ncalibration.json\n"
	if string(out) != want {
		t.Errorf("bash read the pasted lines as\n%s\nwant\n%s\nlines:\n%s", out, want, strings.Join(lines, "\n"))
	}
}

// TestCommandEndsAtProsePunctuation: a command quoted in prose ran on to
// the next comma when the prose went on after it with a colon or a full
// stop (review r17: the restore's binlog-on estimate printed
// "myloader --enable-binlog): 9.3 MiB of SQL + 0.0 MB of per-file \" and
// "work (2 data files × 7.1 kB: the session set-up" as one shell command,
// then a line starting ", transaction"). The command is the words before
// the punctuation; the text is unchanged.
func TestCommandEndsAtProsePunctuation(t *testing.T) {
	cases := []struct{ name, note, want string }{
		{"closed by '):'", "With the binary log written (myloader --enable-binlog): 9.3 MiB of SQL + 0.0 MB of per-file work " +
			"(2 data files × 7.1 kB: the session set-up, transaction and parsing each file costs", "myloader --enable-binlog"},
		{"ended by ':'", "give it to mysql --host TARGET: the rows, and more prose, to the end", "mysql --host TARGET"},
		{"ended by a full stop", "drop it with mytune calibrate --cleanup. The next sentence runs on, and on", "mytune calibrate --cleanup"},
		{"a path word of dots stays in the command", "run ln -sfn /data ., then start", "ln -sfn /data ."},
		{"a path ending in a dot, then a comma", "link it with ln -sfn /data /srv/., then start it", "ln -sfn /data /srv/."},
		{"ended by ',' as before", "run mytune calibrate --cleanup, then advise again", "mytune calibrate --cleanup"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			for _, w := range noteWords(c.note) {
				if w.words != nil {
					got = append(got, strings.Join(w.words, " "))
				}
			}
			if len(got) != 1 || got[0] != c.want {
				t.Errorf("commands %q, want [%q]", got, c.want)
			}
			lines := wrap(c.note, 60, "  ")
			if joined := strings.Join(strings.Fields(strings.Join(lines, " ")), " "); joined != strings.Join(strings.Fields(c.note), " ") {
				t.Errorf("text changed:\n got %q\nwant %q", joined, c.note)
			}
			for _, l := range lines {
				if strings.HasSuffix(l, `\`) {
					t.Errorf("a command that fits got a continuation: %q", l)
				}
			}
		})
	}
}

// TestWrappedCommandsSeparatedBySemicolon pastes the lines of two commands
// a note joins with "; " (the history warning's pair per database), each
// wider than the line: the ";" ends the first command's last line, not a
// line of its own, which bash refused ("syntax error near unexpected
// token `;'", review r56), and bash runs both with their words.
func TestWrappedCommandsSeparatedBySemicolon(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash on this machine")
	}
	note := "dump them (mariadb-dump --host SOURCE --user USER -p --dump-history --single-transaction 'sv two' 'le dger' > /dev/null; " +
		"mariadb-dump --host SOURCE --user USER -p --dump-history --single-transaction sv acct > /dev/null) and load them"
	lines := wrap(note, 60, "  ")
	var cmd []string
	for _, l := range lines {
		if t := strings.TrimSpace(l); t == ";" {
			cmd = append(cmd, l)
		} else if strings.Contains(l, "mariadb-dump") || len(cmd) > 0 && strings.HasSuffix(cmd[len(cmd)-1], `\`) {
			cmd = append(cmd, l)
		}
	}
	script := "mariadb-dump() { printf '%s|' \"$#\" \"$@\" >&2; echo >&2; }\n" + strings.Join(cmd, "\n") + "\n"
	out, err := exec.Command(bash, "-c", script).CombinedOutput()
	if err != nil {
		t.Fatalf("bash: %v\n%s\n%s", err, out, script)
	}
	want := "9|--host|SOURCE|--user|USER|-p|--dump-history|--single-transaction|sv two|le dger|\n" +
		"9|--host|SOURCE|--user|USER|-p|--dump-history|--single-transaction|sv|acct|\n"
	if string(out) != want {
		t.Errorf("bash read the pasted lines as\n%s\nwant\n%s\nlines:\n%s", out, want, strings.Join(lines, "\n"))
	}
}
