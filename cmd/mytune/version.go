package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/mytune/mytune/internal/buildinfo"
	"github.com/mytune/mytune/render"
)

// Set by the linker: -X main.version=… -X main.commit=….
var (
	version = "dev"
	commit  = ""
)

// versionLine is the one-line version (--version and `mytune version`).
func versionLine() string { return buildinfo.Of(version, commit).Line() }

// versionCmd is `mytune version`: text or JSON.
func (a *app) versionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print version, commit and Go version",
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			format, err := a.checkFormat("version")
			if err != nil {
				return err
			}
			return a.emit(func(w io.Writer) error {
				if format == "json" {
					return render.JSON(w, buildinfo.Of(version, commit))
				}
				_, err := fmt.Fprintln(w, versionLine())
				return err
			})
		},
	}
}
