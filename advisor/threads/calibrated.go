package threads

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mytune/mytune/profile"
)

// Bases of a load choice (Choice.Basis).
const (
	// BasisCalibrated: calibrate --dump measured the dump's rows loading on the target.
	BasisCalibrated = "calibrated on the target"
	// BasisModelled: sized from the probe's disk curves, cores and the dump's shape.
	BasisModelled = "modelled from the probe"
)

// Calibration is a calibrate --dump result as the advisor uses it: the
// measured curve, the choice made from it and whose it is (plain data:
// the command layer reads the file).
type Calibration struct {
	// Source says where it came from ("calibration cal.json", "live calibration").
	Source  string `json:"source"`
	TakenAt string `json:"taken_at,omitempty"`
	// Threads is calibrate's choice: the fewest sessions within WithinPct of the best.
	Threads     int                `json:"threads"`
	MBPerS      float64            `json:"mb_per_s"`
	RowsPerS    float64            `json:"rows_per_s"`
	BestThreads int                `json:"best_threads"`
	BestMBPerS  float64            `json:"best_mb_per_s"`
	WithinPct   float64            `json:"within_pct"`
	Points      []CalibrationPoint `json:"points"`
	// RedoBytesPerDumpByte is the redo the calibration's load wrote per
	// dump byte on the target (0 when it could not tell): the plan sizes
	// the load's redo with it (redoroom.go).
	RedoBytesPerDumpByte float64 `json:"redo_bytes_per_dump_byte,omitempty"`
	// Server and Dump identify what was calibrated.
	Server CalibrationServer `json:"server"`
	Dump   CalibrationDump   `json:"dump"`
	// Mismatch says how the calibration differs from the target and dump
	// advised; a different server means it was not used.
	Mismatch []string `json:"mismatch"`
}

// CalibrationPoint is one session count: median MB/s with its range.
type CalibrationPoint struct {
	Threads   int     `json:"threads"`
	MBPerS    float64 `json:"mb_per_s"`
	MBPerSMin float64 `json:"mb_per_s_min"`
	MBPerSMax float64 `json:"mb_per_s_max"`
	RowsPerS  float64 `json:"rows_per_s"`
}

// CalibrationServer is the calibrated server's identity.
type CalibrationServer struct {
	Hostname   string `json:"hostname"`
	Port       int    `json:"port"`
	Datadir    string `json:"datadir"`
	ServerUUID string `json:"server_uuid,omitempty"`
	Version    string `json:"version"`
}

// CalibrationDump is the calibrated dump's identity.
type CalibrationDump struct {
	Path      string `json:"path"`
	Format    string `json:"format"`
	FileBytes uint64 `json:"file_bytes"`
	// OneSession: a mysqldump file, which restores through one session.
	OneSession bool `json:"one_session,omitempty"`
}

// withCalibration returns the load choice of cal when it fits the
// profile's server (else the modelled choice, saying why cal was not
// used); the choice names its basis either way.
func withCalibration(p *profile.Profile, modelled Choice, cal *Calibration) Choice {
	modelled.Basis = BasisModelled
	if cal == nil {
		return modelled
	}
	c := *cal
	c.Mismatch = calibrationMismatch(p, cal)
	if serverDiffers(c.Mismatch) || c.Threads < 1 {
		modelled.Why += fmt.Sprintf("; the %s was not used: %s", c.Source, strings.Join(orNone(c.Mismatch, "it chose no thread count"), "; "))
		modelled.Calibration = &c
		return modelled
	}
	best := fmt.Sprintf("within %.0f%% of the best, %.1f MB/s at %d", c.WithinPct, c.BestMBPerS, c.BestThreads)
	if c.BestThreads == c.Threads {
		best = "the best of the counts measured"
	}
	why := fmt.Sprintf("%s (%s) loaded %.1f MB/s (%.0f rows/s) at %s, %s; per count: %s",
		c.Source, BasisCalibrated, c.MBPerS, c.RowsPerS, threadCount(c.Threads), best, curveText(c.Points))
	if len(c.Mismatch) > 0 {
		why += "; note: " + strings.Join(c.Mismatch, "; ")
	}
	n := min(c.Threads, MaxThreads)
	if c.Dump.OneSession && n > 1 {
		why += fmt.Sprintf("; but a mysqldump file loads through one session (mysql < file): the %d sessions need the file split per table", n)
		n = 1
	}
	return Choice{Threads: n, Why: why + " → " + threadCount(n), Basis: BasisCalibrated, Calibration: &c}
}

// curveText is "1: 4.2, 2: 7.9 … MB/s".
func curveText(pts []CalibrationPoint) string {
	parts := make([]string, len(pts))
	for i, p := range pts {
		parts[i] = fmt.Sprintf("%d: %.1f", p.Threads, p.MBPerS)
	}
	return strings.Join(parts, ", ") + " MB/s"
}

// serverMismatch starts the mismatches that make a calibration unusable.
const serverMismatch = "another server: "

func serverDiffers(m []string) bool {
	for _, s := range m {
		if strings.HasPrefix(s, serverMismatch) {
			return true
		}
	}
	return false
}

// calibrationMismatch compares the calibration's server with the
// profile's live server (what both know of hostname, port, server_uuid
// and datadir) and its dump with the profile's dump (path and size).
func calibrationMismatch(p *profile.Profile, c *Calibration) []string {
	var out []string
	if s := p.Server; s != nil && s.Reachable {
		for _, f := range []struct{ name, cal, live string }{
			{"hostname", c.Server.Hostname, s.Variables["hostname"]},
			{"port", portText(c.Server.Port), s.Variables["port"]},
			{"server_uuid", c.Server.ServerUUID, s.Variables["server_uuid"]},
			{"datadir", strings.TrimSuffix(c.Server.Datadir, "/"), strings.TrimSuffix(s.Datadir, "/")},
		} {
			if f.cal != "" && f.live != "" && f.cal != f.live {
				out = append(out, fmt.Sprintf("%s%s %s was calibrated, the target is %s", serverMismatch, f.name, f.cal, f.live))
			}
		}
	} else {
		out = append(out, noServerMismatch(p.Host.Hostname, c.Server))
	}
	if p.Dump == nil && c.Dump.Path != "" {
		out = append(out, fmt.Sprintf("no dump was given (--dump), so the restore is taken to be of the calibrated one (%s, %d bytes)",
			c.Dump.Path, c.Dump.FileBytes))
	}
	if d := p.Dump; d != nil && c.Dump.Path != "" && (d.Path != c.Dump.Path || (d.FileBytes > 0 && d.FileBytes != c.Dump.FileBytes)) {
		out = append(out, fmt.Sprintf("another dump: %s (%d bytes) was calibrated, %s (%d bytes) is advised for",
			c.Dump.Path, c.Dump.FileBytes, d.Path, d.FileBytes))
	}
	return out
}

// noServerMismatch is the mismatch of a calibration advise cannot compare
// with a live server: the target is taken to be the calibrated one, and
// when the profile names another host than the calibrated server's, that
// is said too.
func noServerMismatch(host string, s CalibrationServer) string {
	m := fmt.Sprintf("no live server was read, so the target is taken to be the calibrated one (%s:%d)", s.Hostname, s.Port)
	if host == "" || s.Hostname == "" || strings.EqualFold(host, s.Hostname) {
		return m
	}
	return fmt.Sprintf("%s, though the profile was taken on host %s: if %s is another machine, the calibration is not this "+
		"profile's (advise with the server's flags to compare them)", m, host, s.Hostname)
}

func portText(p int) string {
	if p == 0 {
		return ""
	}
	return strconv.Itoa(p)
}

func orNone(s []string, none string) []string {
	if len(s) == 0 {
		return []string{none}
	}
	return s
}
