// Package buildinfo says which build of mytune is running: its release,
// the commit it was built from, the Go release and the platform, as
// `mytune version` prints them.
package buildinfo

import (
	"fmt"
	"runtime"
	"runtime/debug"
)

// Info is `mytune version --format json`.
type Info struct {
	Version   string `json:"version"`
	Commit    string `json:"commit"`
	GoVersion string `json:"go_version"`
	OS        string `json:"os"`
	Arch      string `json:"arch"`
}

// Of is the build's Info: version and commit as the linker set them
// (-X main.version=… -X main.commit=…); without a commit, the VCS stamp Go
// records, else "unknown".
func Of(version, commit string) Info {
	return Info{Version: version, Commit: commitOr(commit), GoVersion: runtime.Version(), OS: runtime.GOOS, Arch: runtime.GOARCH}
}

// Line is the one-line form: "mytune v1.2 (commit abc, go1.26.8, linux/amd64)".
func (i Info) Line() string {
	return fmt.Sprintf("mytune %s (commit %s, %s, %s/%s)", i.Version, i.Commit, i.GoVersion, i.OS, i.Arch)
}

// commitOr is commit, else the first 12 characters of the VCS revision Go
// stamped into the binary, else "unknown".
func commitOr(commit string) string {
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
