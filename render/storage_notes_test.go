package render

import (
	"bytes"
	"strings"
	"testing"
)

// TestAdviceStorageNotesInEveryFormat: the profile's storage notes (the
// measured directory is not the datadir, the writes stopped at the byte
// budget) appear in the text, markdown and JSON advice alike. Notes from
// /var/tmp/qa/qa3/other-dir.prof.json (QA round 3, 2026-12-03), whose
// markdown report left them out.
func TestAdviceStorageNotesInEveryFormat(t *testing.T) {
	notes := []string{
		"writes stopped at the byte budget (64 MiB written of 64 MiB): the write steps ended before their time and the reads used it",
		"/tmp/qa3/w is not the server's datadir (/mnt/mytune-qa3-fast/data), which is on another filesystem: the figures describe the disk under /tmp/qa3/w (mount /), not the server's",
	}
	for _, format := range []string{"text", "markdown", "json"} {
		t.Run(format, func(t *testing.T) {
			a := loadAdvice(t, "advice-sd.json")
			a.Profile.Storage.Notes = notes
			var buf bytes.Buffer
			if err := Advice(&buf, a, Options{Format: format, Width: 400}); err != nil {
				t.Fatal(err)
			}
			out := strings.Join(strings.Fields(buf.String()), " ")
			for _, n := range notes {
				if want := strings.Join(strings.Fields(n), " "); !strings.Contains(out, want) {
					t.Errorf("%s advice leaves out the storage note %q", format, n)
				}
			}
		})
	}
}
