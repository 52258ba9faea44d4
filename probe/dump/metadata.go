package dump

import (
	"strings"
)

// metadataInfo is what a mydumper metadata file says.
type metadataInfo struct {
	ServerVersion string
	// Tables are [schema, table] pairs from newer releases' [`db`.`t`] sections.
	Tables   [][2]string
	IniStyle bool
	Finished bool
}

// parseMetadata reads a mydumper metadata file in either layout:
// 0.10's "Started dump at: …" / "SHOW MASTER STATUS:" lines
// (mydumper docs/files.rst) or newer releases' ini sections
// ([config], [source], [`db`.`table`] with key = value lines).
// A server version is taken from any key spelled server_version,
// "server version" or server-version.
func parseMetadata(data []byte) metadataInfo {
	var m metadataInfo
	for _, raw := range strings.Split(string(data), "\n") {
		line := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(raw), "#"))
		if line == "" {
			continue
		}
		if strings.HasPrefix(line, "Finished dump at") {
			m.Finished = true
			continue
		}
		if strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]") {
			m.IniStyle = true
			if st, ok := sectionTable(line[1 : len(line)-1]); ok {
				m.Tables = append(m.Tables, st)
			}
			continue
		}
		key, val, ok := splitKeyValue(line)
		if !ok {
			continue
		}
		k := strings.NewReplacer(" ", "_", "-", "_").Replace(strings.ToLower(key))
		if k == "server_version" && val != "" && m.ServerVersion == "" {
			m.ServerVersion = val
		}
	}
	return m
}

// splitKeyValue splits "key = value" or "key: value".
func splitKeyValue(line string) (string, string, bool) {
	i := strings.IndexAny(line, "=:")
	if i <= 0 {
		return "", "", false
	}
	return strings.TrimSpace(line[:i]), strings.Trim(strings.TrimSpace(line[i+1:]), `"'`), true
}

// sectionTable reads a "`db`.`table`" section name.
func sectionTable(s string) ([2]string, bool) {
	if !strings.HasPrefix(s, "`") {
		return [2]string{}, false
	}
	db, tbl, ok := strings.Cut(s, "`.`")
	if !ok {
		return [2]string{}, false
	}
	db, tbl = strings.TrimPrefix(db, "`"), strings.TrimSuffix(tbl, "`")
	if db == "" || tbl == "" || strings.Contains(tbl, "`") {
		return [2]string{}, false
	}
	return [2]string{db, tbl}, true
}
