package render

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/advisor"
	"github.com/mytune/mytune/advisor/threads"
)

// TestThreadsNotesOnly: a plan of notes only (--task oltp) prints them
// under THREADS with no empty heading or table of zero threads; a plan
// with a count keeps its headings.
func TestThreadsNotesOnly(t *testing.T) {
	note := "--task oltp: no dump, load or copy is planned"
	cases := []struct {
		name        string
		th          advisor.Threads
		text, md    []string // in the output
		notText, nm []string // not in it
	}{
		{"notes only", advisor.Threads{Notes: []string{note}},
			[]string{"THREADS", note}, []string{"## Threads", note},
			[]string{"DURING THE LOAD ONLY"}, []string{"| task |", "| load | 0 |"}},
		{"a load count and a note", advisor.Threads{Load: advisor.ThreadChoice{Threads: 8, Why: "2 cores"}, Notes: []string{"a caveat"}},
			[]string{"THREADS", "load  8 threads", "NOTES", "a caveat"}, []string{"| load | 8 |", "a caveat"},
			[]string{"DURING THE LOAD ONLY"}, nil},
		{"a load count, a setting and a note", advisor.Threads{Load: advisor.ThreadChoice{Threads: 8, Why: "2 cores"}, Notes: []string{"a caveat"},
			Temporary: []threads.Setting{{Name: "innodb_flush_log_at_trx_commit", Apply: "SET GLOBAL innodb_flush_log_at_trx_commit = 2;", Undo: "SET GLOBAL innodb_flush_log_at_trx_commit = 1;"}}},
			[]string{"DURING THE LOAD ONLY", "a caveat"}, []string{"| load | 8 |", "a caveat"}, nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			text, md := threadsText(newTheme(Options{}), c.th, 100), threadsMarkdown(c.th)
			for _, s := range c.text {
				if !strings.Contains(text, s) {
					t.Errorf("text lacks %q:\n%s", s, text)
				}
			}
			for _, s := range c.notText {
				if strings.Contains(text, s) {
					t.Errorf("text holds %q:\n%s", s, text)
				}
			}
			for _, s := range c.md {
				if !strings.Contains(md, s) {
					t.Errorf("markdown lacks %q:\n%s", s, md)
				}
			}
			for _, s := range c.nm {
				if strings.Contains(md, s) {
					t.Errorf("markdown holds %q:\n%s", s, md)
				}
			}
		})
	}
}
