package server

import (
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/mytune/mytune/profile"
)

// fixtureVariablesCases are TestFixtureVariables' cases: a file under
// testdata/variables and the version, flavor and values read from it.
var fixtureVariablesCases = []struct {
	file, version, flavor string
	major, minor          int
	minVars               int
	binlog                bool
	syncBinlog            int64
}{
	{"mysql-5.0.82.txt", "5.0.82-log", profile.FlavorMySQL, 5, 0, 200, true, 0},
	{"mysql-5.0.82-vertical.txt", "5.0.82-log", profile.FlavorMySQL, 5, 0, 200, true, 0},
	{"mysql-5.1.34-tab.txt", "5.1.34-log", profile.FlavorMySQL, 5, 1, 250, true, 0},
	{"mysql-5.1.49.txt", "5.1.49-log", profile.FlavorMySQL, 5, 1, 250, true, 0},
	{"mysql-5.5.21.txt", "5.5.21", profile.FlavorMySQL, 5, 5, 300, false, 0},
	{"mysql-8.4.8.txt", "8.4.8", profile.FlavorMySQL, 8, 4, 600, true, 1},
	// mysql-8.4.8.txt as Windows PowerShell 5.1 saves `mysql ... > vars.txt`
	// (UTF-16 LE, BOM, CRLF), and as UTF-16 BE with a BOM.
	{"mysql-8.4.8-utf16le.txt", "8.4.8", profile.FlavorMySQL, 8, 4, 600, true, 1},
	{"mysql-8.4.8-utf16be.txt", "8.4.8", profile.FlavorMySQL, 8, 4, 600, true, 1},
	{"mysql-9.7.0-er2.txt", "9.7.0-er2", profile.FlavorMySQL, 9, 7, 600, true, 1},
	{"mysql-9.7.1.txt", "9.7.1", profile.FlavorMySQL, 9, 7, 600, true, 1},
	{"mysql-26.7.0.txt", "26.7.0", profile.FlavorMySQL, 26, 7, 600, false, 1},
	{"mariadb-10.11.19-debian12.txt", "10.11.19-MariaDB-0+deb12u1", profile.FlavorMariaDB, 10, 11, 600, false, 0},
	{"mariadb-11.8.6.txt", "11.8.6-MariaDB-ubu2404-log", profile.FlavorMariaDB, 11, 8, 600, true, 1},
	{"mariadb-12.2.2.txt", "12.2.2-MariaDB-ubu2404-log", profile.FlavorMariaDB, 12, 2, 600, true, 1},
	{"percona-server-5.5.20-rel24.1.txt", "5.5.20-rel24.1", profile.FlavorPercona, 5, 5, 350, false, 0},
	{"percona-server-8.0.32-24.txt", "8.0.32-24", profile.FlavorPercona, 8, 0, 650, true, 1},
	{"percona-server-8.4.5-5.txt", "8.4.5-5", profile.FlavorPercona, 8, 4, 850, true, 1},
	{"percona-xtradb-cluster-5.5.28-23.7.txt", "5.5.28-23.7-log", profile.FlavorPercona, 5, 5, 400, true, 0},
}

// TestFixtureVariables loads every variables fixture (provenance in
// testdata/SOURCES.md) and checks version, flavor and a few values.
func TestFixtureVariables(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range fixtureVariablesCases {
		seen[c.file] = true
		t.Run(c.file, func(t *testing.T) {
			s, err := FromCaptures(filepath.Join("testdata", "variables", c.file), "")
			if err != nil {
				t.Fatal(err)
			}
			v, _ := profile.ParseVersion(s.Version)
			if s.Version != c.version || s.Flavor != c.flavor || v.Major != c.major || v.Minor != c.minor {
				t.Errorf("version %q flavor %s (%+v), want %q %s", s.Version, s.Flavor, v, c.version, c.flavor)
			}
			if len(s.Variables) < c.minVars {
				t.Errorf("%d variables, want at least %d", len(s.Variables), c.minVars)
			}
			if s.BinlogOn != c.binlog || s.SyncBinlog != c.syncBinlog {
				t.Errorf("binlog %v sync_binlog %d, want %v %d", s.BinlogOn, s.SyncBinlog, c.binlog, c.syncBinlog)
			}
			if s.Datadir == "" || s.Datadir != s.Variables["datadir"] {
				t.Errorf("datadir %q", s.Datadir)
			}
			if _, err := profile.ParseSize(s.Variables["innodb_buffer_pool_size"]); err != nil {
				t.Errorf("innodb_buffer_pool_size %q: %v", s.Variables["innodb_buffer_pool_size"], err)
			}
			for name := range s.Variables {
				if name != strings.ToLower(name) || strings.Contains(name, "pt-summary") {
					t.Errorf("bad name %q", name)
				}
			}
		})
	}
	ents, _ := os.ReadDir(filepath.Join("testdata", "variables"))
	for _, e := range ents {
		if !seen[e.Name()] {
			t.Errorf("fixture %s has no case", e.Name())
		}
	}
}

// TestFixtureStatus pairs status captures with variables and checks the
// derived numbers against hand-computed values from the files.
func TestFixtureStatus(t *testing.T) {
	cases := []struct {
		vars, status string
		uptime       float64
		hit, dirty   float64
		redo         float64
	}{
		// Numbers read from the files: reads/read_requests, pages_dirty/pages_total, Innodb_os_log_written/Uptime.
		{"mariadb-10.11.19-debian12.txt", "mariadb-10.11.19-debian12.txt", 1246, 1 - 50074.0/2979645, 100 * 8.0 / 8112, 238490897.0 / 1246},
		{"mysql-8.4.8.txt", "mysql-8.4.8.txt", 1, 1 - 1097.0/15658, 100 * 191.0 / 786432, 85504},
	}
	for _, c := range cases {
		t.Run(c.status, func(t *testing.T) {
			s, err := FromCaptures(filepath.Join("testdata", "variables", c.vars), filepath.Join("testdata", "status", c.status))
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(s.BufferPoolHitRatio-c.hit) > 1e-9 {
				t.Errorf("hit ratio %v, want %v", s.BufferPoolHitRatio, c.hit)
			}
			if s.UptimeS != c.uptime {
				t.Errorf("uptime %v, want %v", s.UptimeS, c.uptime)
			}
			if s.RedoRateBasis != BasisLifetime || math.Abs(s.RedoBytesPerS-c.redo) > 1e-6 {
				t.Errorf("redo %v %s, want %v lifetime", s.RedoBytesPerS, s.RedoRateBasis, c.redo)
			}
			if math.Abs(s.BufferPoolDirtyPct-c.dirty) > 1e-9 {
				t.Errorf("dirty pct %v, want %v", s.BufferPoolDirtyPct, c.dirty)
			}
		})
	}
}

// TestStatusFormats loads each status fixture and checks known counters.
func TestStatusFormats(t *testing.T) {
	ents, err := os.ReadDir(filepath.Join("testdata", "status"))
	if err != nil || len(ents) == 0 {
		t.Fatalf("no status fixtures: %v", err)
	}
	for _, e := range ents {
		t.Run(e.Name(), func(t *testing.T) {
			m, err := readCaptureFile(filepath.Join("testdata", "status", e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			for _, k := range []string{"uptime", "questions", "threads_connected"} {
				if _, ok := statusNum(m, k); !ok {
					t.Errorf("%s missing or not a number (%q)", k, m[k])
				}
			}
		})
	}
}

func TestParseCaptureFormats(t *testing.T) {
	cases := []struct {
		name, in string
		want     map[string]string
		wantErr  bool
	}{
		{"tab with header", "Variable_name\tValue\nA\t1\nb\t\n", map[string]string{"a": "1", "b": ""}, false},
		{"table", "+--+--+\n| Variable_name | Value |\n+--+--+\n| x | a|b |\n| y |  |\n", map[string]string{"x": "a|b", "y": ""}, false},
		{"vertical", "*** 1. row ***\nVariable_name: x\n        Value: 7\n*** 2. row ***\nVariable_name: y\n        Value: \n", map[string]string{"x": "7", "y": ""}, false},
		{"crlf", "a\t1\r\n", map[string]string{"a": "1"}, false},
		{"utf-16 le with bom", utf16LE("\ufeffVariable_name\tValue\r\nA\t1\r\nb\té\r\n"), map[string]string{"a": "1", "b": "é"}, false},
		{"utf-16 be with bom", utf16BE("\ufeffa\t1\nb\t2\n"), map[string]string{"a": "1", "b": "2"}, false},
		{"utf-8 with bom", "\ufeffa\t1\n", map[string]string{"a": "1"}, false},
		{"utf-16 bom alone", "\xff\xfe", nil, true},
		{"nothing", "hello world\n", nil, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := ParseCapture(strings.NewReader(c.in))
			if (err != nil) != c.wantErr {
				t.Fatalf("err = %v", err)
			}
			if len(got) != len(c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
			for k, v := range c.want {
				if got[k] != v {
					t.Errorf("%s = %q, want %q", k, got[k], v)
				}
			}
		})
	}
}

// utf16LE and utf16BE encode s (with its BOM, if it has one) as UTF-16.
func utf16LE(s string) string { return utf16Bytes(s, binary.LittleEndian) }
func utf16BE(s string) string { return utf16Bytes(s, binary.BigEndian) }

func utf16Bytes(s string, order binary.AppendByteOrder) string {
	var b []byte
	for _, u := range utf16.Encode([]rune(s)) {
		b = order.AppendUint16(b, u)
	}
	return string(b)
}

// FuzzParseCapture must never panic; seeds are the fixtures.
func FuzzParseCapture(f *testing.F) {
	for _, dir := range []string{"variables", "status"} {
		paths, _ := filepath.Glob(filepath.Join("testdata", dir, "*.txt"))
		for _, p := range paths {
			if b, err := os.ReadFile(p); err == nil {
				f.Add(b)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ParseCapture(strings.NewReader(string(data)))
		if err == nil && len(m) == 0 {
			t.Fatal("no error but no pairs")
		}
		for k := range m {
			if k != strings.ToLower(k) {
				t.Fatalf("name %q not lower-case", k)
			}
		}
	})
}

func TestFromCapturesChecksWhatItWasGiven(t *testing.T) {
	vars := filepath.Join("testdata", "variables", "mysql-8.4.8.txt")
	status := filepath.Join("testdata", "status", "mysql-8.4.8.txt")
	cases := []struct {
		name, vars, status, wantErr string
	}{
		{"variables and status", vars, status, ""},
		{"variables alone", vars, "", ""},
		{"status given as variables", status, "", "holds no version variable"},
		{"variables given as status", vars, vars, "holds no Uptime counter"},
		{"a LIKE subset with version", filepath.Join("testdata", "subset-vars.txt"), "", "holds 4 variables but not innodb_buffer_pool_size"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, err := FromCaptures(c.vars, c.status)
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("err %v, want %q", err, c.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if s.Source != profile.ServerSourceCapture || len(s.Captured) == 0 || s.Captured[0] != c.vars {
				t.Errorf("source %q captured %v", s.Source, s.Captured)
			}
			// A capture holds no table sizes: unknown, never "no data".
			if s.TablesError == "" || s.DataBytes != 0 || len(s.Unread) == 0 {
				t.Errorf("tables_error %q data %d unread %v", s.TablesError, s.DataBytes, s.Unread)
			}
			if hasStatus := c.status != ""; hasStatus != (s.UptimeS > 0) {
				t.Errorf("uptime %v with status %q", s.UptimeS, c.status)
			}
		})
	}
}
