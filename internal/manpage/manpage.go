// Package manpage writes mytune's man pages (section 1) from its cobra
// command tree: one page for mytune and one per command, so the pages
// always say what --help says.
package manpage

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"
)

// Write writes mytune.1, mytune-probe.1, … for root and its commands into
// dir (created if missing). version names the release in each page's
// footer; the date is SOURCE_DATE_EPOCH when set (reproducible builds),
// else today.
func Write(root *cobra.Command, dir, version string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("creating the man page directory %s: %w", dir, err)
	}
	root.DisableAutoGenTag = true
	header := &doc.GenManHeader{Title: "MYTUNE", Section: "1", Source: "mytune " + version, Manual: "mytune manual"}
	if err := doc.GenManTree(root, header, dir); err != nil {
		return fmt.Errorf("writing the man pages into %s: %w", dir, err)
	}
	return nil
}
