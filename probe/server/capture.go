package server

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf16"

	"github.com/mytune/mytune/profile"
)

// maxCaptureLine bounds one line of a capture file.
const maxCaptureLine = 1 << 20

// ParseCapture reads a saved SHOW [GLOBAL] VARIABLES or STATUS output in
// any of the mysql client's formats: tab-separated (mysql -B, with or
// without the Variable_name/Value header), the table format
// ("| name | value |") or the vertical \G format. Names are lower-cased.
// Lines it does not understand (such as pt-mysql-summary's internal
// lines) are skipped; no pair at all is an error.
//
// A capture that opens with a byte-order mark is decoded first: UTF-16 LE
// or BE (Windows PowerShell 5.1 writes `mysql ... > vars.txt` as UTF-16 LE
// with a BOM) or UTF-8 with a BOM (PowerShell 7's utf8BOM, Notepad).
func ParseCapture(r io.Reader) (map[string]string, error) {
	r, err := decodeBOM(r)
	if err != nil {
		return nil, err
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), maxCaptureLine)
	out := map[string]string{}
	pendingName := ""
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), "\r")
		name, value, kind := captureLine(line)
		switch kind {
		case lineVerticalName:
			pendingName = name
			continue
		case lineVerticalValue:
			if pendingName == "" {
				continue
			}
			name, pendingName = pendingName, ""
		case linePair:
		default:
			continue
		}
		if keepName(name) {
			out[strings.ToLower(name)] = value
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading capture: %w", err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no name/value pairs found: expected the output of SHOW GLOBAL VARIABLES or STATUS (tab, table or \\G format)")
	}
	return out, nil
}

type lineKind int

const (
	lineSkip lineKind = iota
	linePair
	lineVerticalName
	lineVerticalValue
)

// captureLine classifies one line and extracts what it holds.
func captureLine(line string) (name, value string, kind lineKind) {
	t := strings.TrimSpace(line)
	switch {
	case t == "" || strings.HasPrefix(t, "+-") || strings.HasPrefix(t, "***"):
		return "", "", lineSkip
	case strings.HasPrefix(t, "|"):
		cells := strings.Split(t, "|")
		if len(cells) < 4 {
			return "", "", lineSkip
		}
		return strings.TrimSpace(cells[1]), strings.TrimSpace(strings.Join(cells[2:len(cells)-1], "|")), linePair
	case strings.HasPrefix(t, "Variable_name:"):
		return strings.TrimSpace(strings.TrimPrefix(t, "Variable_name:")), "", lineVerticalName
	case strings.HasPrefix(t, "Value:"):
		return "", strings.TrimSpace(strings.TrimPrefix(t, "Value:")), lineVerticalValue
	}
	n, v, ok := strings.Cut(line, "\t")
	if !ok {
		return "", "", lineSkip
	}
	return strings.TrimSpace(n), v, linePair
}

// keepName drops header rows and lines that are not server variables.
func keepName(name string) bool {
	if name == "" || strings.EqualFold(name, "Variable_name") || strings.ContainsAny(name, " :") {
		return false
	}
	return !strings.HasPrefix(name, "pt-summary-internal-")
}

// readCaptureFile opens and parses one capture file; errors name it.
func readCaptureFile(path string) (map[string]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("opening capture %s: %w", path, err)
	}
	defer f.Close()
	m, err := ParseCapture(f)
	if err != nil {
		return nil, fmt.Errorf("capture %s: %w", path, err)
	}
	return m, nil
}

// FromCaptures builds a Server from saved SHOW GLOBAL VARIABLES and
// (optionally, statusFile "") SHOW GLOBAL STATUS output. The redo rate is
// then the lifetime average. Table sizes and replication are not in such
// captures: TablesError says so (the rules then treat the data size as
// unknown, not zero). A variables file without @@version, or a status
// file without Uptime, is refused: the two were likely swapped.
func FromCaptures(varsFile, statusFile string) (*profile.Server, error) {
	vars, err := readCaptureFile(varsFile)
	if err != nil {
		return nil, err
	}
	if vars["version"] == "" {
		return nil, fmt.Errorf("capture %s holds no version variable: give the output of SHOW GLOBAL VARIABLES "+
			"(all of it, not SHOW STATUS or a LIKE subset)", varsFile)
	}
	if err := foreignServer(vars["version"], vars["version_comment"], "leave out --variables and --status to measure this disk alone"); err != nil {
		return nil, fmt.Errorf("capture %s: %w", varsFile, err)
	}
	if missing := missingCore(vars); len(missing) > 0 {
		return nil, fmt.Errorf("capture %s holds %d variables but not %s: give the output of SHOW GLOBAL VARIABLES "+
			"(all of it, not a LIKE subset); settings it leaves out would be taken for their defaults", varsFile,
			len(vars), strings.Join(missing, " or "))
	}
	var status map[string]string
	if statusFile != "" {
		if status, err = readCaptureFile(statusFile); err != nil {
			return nil, err
		}
		if _, ok := status["uptime"]; !ok {
			return nil, fmt.Errorf("capture %s holds no Uptime counter: give the output of SHOW GLOBAL STATUS "+
				"(all of it, not SHOW VARIABLES)", statusFile)
		}
	}
	s := &profile.Server{Reachable: true, Source: profile.ServerSourceCapture, Variables: vars, Status: status,
		Captured: captureFiles(varsFile, statusFile), Unread: []string{}}
	s.Version = profile.CleanVersion(vars["version"])
	s.VersionComment = vars["version_comment"]
	s.Flavor = DetectFlavor(s.Version, s.VersionComment)
	s.TablesError = "not in a SHOW VARIABLES/STATUS capture"
	s.Unread = append(s.Unread, "data size, tables and replication: not in a SHOW VARIABLES/STATUS capture")
	if statusFile == "" {
		s.Unread = append(s.Unread, "status counters (hit ratio, redo rate): no --status capture given")
	}
	derive(s)
	return s, nil
}

// captureCore are variables every server has shown since MySQL 5.0 (and
// still shows in 9.x, which dropped innodb_log_file_size) and
// that the memory and redo findings stand on: a capture without them is a
// subset (SHOW VARIABLES LIKE …), whose missing settings would silently
// be taken for defaults.
var captureCore = []string{"innodb_buffer_pool_size", "max_connections", "innodb_flush_log_at_trx_commit"}

// missingCore lists the captureCore variables vars lacks.
func missingCore(vars map[string]string) []string {
	var out []string
	for _, name := range captureCore {
		if _, ok := vars[name]; !ok {
			out = append(out, name)
		}
	}
	return out
}

// captureFiles lists the capture files given.
func captureFiles(files ...string) []string {
	out := []string{}
	for _, f := range files {
		if f != "" {
			out = append(out, f)
		}
	}
	return out
}

// Byte-order marks a capture may open with (The Unicode Standard, 16.0,
// section 23.8 "Specials": U+FEFF in each encoding form).
var (
	bomUTF8    = []byte{0xEF, 0xBB, 0xBF}
	bomUTF16LE = []byte{0xFF, 0xFE}
	bomUTF16BE = []byte{0xFE, 0xFF}
)

// decodeBOM returns r as UTF-8: a UTF-8 BOM is dropped, UTF-16 (LE or BE,
// told by its BOM) is decoded; anything else is returned as it is.
func decodeBOM(r io.Reader) (io.Reader, error) {
	br := bufio.NewReader(r)
	head, _ := br.Peek(3) // shorter at EOF: then no BOM matches but a 2-byte one
	var bigEndian bool
	switch {
	case bytes.HasPrefix(head, bomUTF8):
		_, _ = br.Discard(len(bomUTF8))
		return br, nil
	case bytes.HasPrefix(head, bomUTF16LE):
	case bytes.HasPrefix(head, bomUTF16BE):
		bigEndian = true
	default:
		return br, nil
	}
	_, _ = br.Discard(2)
	raw, err := io.ReadAll(io.LimitReader(br, maxCaptureBytes+1))
	if err != nil {
		return nil, fmt.Errorf("reading capture: %w", err)
	}
	if len(raw) > maxCaptureBytes {
		return nil, fmt.Errorf("a UTF-16 capture over %d MiB: save SHOW GLOBAL VARIABLES alone, or convert it to UTF-8 first", maxCaptureBytes>>20)
	}
	return strings.NewReader(decodeUTF16(raw, bigEndian)), nil
}

// maxCaptureBytes bounds a UTF-16 capture, decoded in memory: the largest
// capture in testdata/variables (measured: MySQL 8.4.8's 600+ variables in
// UTF-16 with CRLF) is 40 KiB, so 64 MiB is far beyond any real SHOW GLOBAL
// VARIABLES or STATUS.
const maxCaptureBytes = 64 << 20

// decodeUTF16 decodes UTF-16 text without its BOM; a trailing odd byte is
// dropped and unpaired surrogates become U+FFFD (unicode/utf16.Decode).
func decodeUTF16(raw []byte, bigEndian bool) string {
	units := make([]uint16, len(raw)/2)
	for i := range units {
		if bigEndian {
			units[i] = binary.BigEndian.Uint16(raw[2*i:])
		} else {
			units[i] = binary.LittleEndian.Uint16(raw[2*i:])
		}
	}
	return string(utf16.Decode(units))
}
