package render

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mytune/mytune/advisor"
	"github.com/mytune/mytune/advisor/threads"
)

// TestMarkdownKeepsTheExactText: what the markdown report shows renders
// as exactly the text it stands for (review r11, checked with goldmark's
// CommonMark + GFM renderer): a note's pasteable line keeps '\” (it
// rendered as ”' before) and its asterisks and backticks, a path with a
// backtick or two spaces in a code span keeps them (the backtick was
// printed as a quote, the spaces as one), a setting in the during-load
// table keeps its backtick, and a command line holding ``` stays inside
// its block.
func TestMarkdownKeepsTheExactText(t *testing.T) {
	calibrate := `mytune calibrate --dump '/d/x a'\''b"c$d` + "`" + `e!f*g#h;i\j é日本/-dump' --format json`
	cases := []struct {
		name string
		edit func(a *advisor.Advice)
		want string // a substring of the markdown
	}{
		{"a note's command: a code span that renders it exactly (review r56: escaped prose copied from the .md file pasted wrong)",
			func(a *advisor.Advice) { a.Threads.Notes = []string{"run " + calibrate + "."} }, "> run ``" + calibrate + "``."},
		{"prose around a command still escaped", func(a *advisor.Advice) { a.Threads.Notes = []string{"a *b* then mysql --host T -e 'x'"} },
			"> a \\*b\\* then `mysql --host T -e 'x'`"},
		{"a < in prose is not a tag", func(a *advisor.Advice) { a.Threads.Notes = []string{"load <dump> first"} }, `> load \<dump> first`},
		{"the storage path with a backtick and two spaces", func(a *advisor.Advice) { a.Profile.Storage.Path = "/srv/a`b  c" },
			"under ``/srv/a`b  c`` ("},
		{"a path ending in a backtick", func(a *advisor.Advice) { a.Profile.Storage.Path = "/srv/tick`" }, "under `` /srv/tick` `` ("},
		{"a during-load line with a backtick and a pipe", func(a *advisor.Advice) {
			a.Threads.Temporary = []threads.Setting{{Name: "n", Apply: "SET @a = '`x|y';", Undo: "SET @a = NULL;"}}
		}, "| n | ``SET @a = '`x\\|y';`` | `SET @a = NULL;` |"},
		{"a command holding ```", func(a *advisor.Advice) { a.Threads.Commands = []string{"myloader --directory '/d/```'"} },
			"\n````sh\nmyloader --directory '/d/```'\n````\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := loadAdvice(t, "advice-sd.json")
			c.edit(a)
			var buf bytes.Buffer
			if err := Advice(&buf, a, Options{Format: "markdown", Width: 80}); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(buf.String(), c.want) {
				t.Errorf("markdown lacks %q:\n%s", c.want, buf.String())
			}
		})
	}
}
