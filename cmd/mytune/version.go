package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"github.com/spf13/cobra"

	"github.com/mytune/mytune/render"
)

// Set by the linker: -X main.version=… -X main.commit=….
var (
	version = "dev"
	commit  = ""
)

// buildCommit returns the commit the binary was built from: the linker
// value, else the VCS stamp Go records, else "unknown".
func buildCommit() string {
	if commit != "" {
		return commit
	}
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, s := range info.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				return s.Value[:12]
			}
		}
	}
	return "unknown"
}

// buildInfo is `mytune version --format json`.
type buildInfo struct {
	Version   string `json:"version"`
	Commit    string `json:"commit"`
	GoVersion string `json:"go_version"`
	OS        string `json:"os"`
	Arch      string `json:"arch"`
}

func versionInfo() buildInfo {
	return buildInfo{Version: version, Commit: buildCommit(), GoVersion: runtime.Version(), OS: runtime.GOOS, Arch: runtime.GOARCH}
}

// versionLine is what `mytune version` and `mytune --version` print.
func versionLine() string {
	return fmt.Sprintf("mytune %s (commit %s, %s, %s/%s)", version, buildCommit(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
}

func (a *app) versionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print version, commit and Go version",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			format, err := a.checkFormat("version", "text", "json")
			if err != nil {
				return err
			}
			return a.emit(func(w io.Writer) error {
				if format == "json" {
					return render.JSON(w, versionInfo())
				}
				_, err := fmt.Fprintln(w, versionLine())
				return err
			})
		},
	}
}
