package dump

import (
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/mytune/mytune/profile"
)

// compressedRows records table as ROW_FORMAT=COMPRESSED when its table
// options (the CREATE TABLE text after the definitions) say so.
func (t *tally) compressedRows(table, options string) {
	if rowCompressed(options) {
		t.rowCompressed[table] = true
	}
}

// rowCompressedTables is the ROW_FORMAT=COMPRESSED tables, sorted, and
// their data in the dump; nil and 0 when none.
func (t *tally) rowCompressedTables() (names []string, bytes uint64) {
	for name := range t.rowCompressed {
		names = append(names, name)
		if tb := t.tables[name]; tb != nil {
			bytes += tb.Bytes
		}
	}
	sort.Strings(names)
	return names, bytes
}

// reEncrypted and reEncryptionKeyID find MariaDB's table options
// ENCRYPTED= and ENCRYPTION_KEY_ID= (MariaDB KB, "InnoDB Encryption
// Overview"), read in the table options after the definitions. MariaDB
// 10.11.19's SHOW CREATE TABLE, and so mydumper 0.10, writes them quoted
// as `encrypted`='yes' `encryption_key_id`='2'; CREATE TABLE takes them
// bare too.
var (
	reEncrypted       = regexp.MustCompile("(?i)(?:^|[\\s`])ENCRYPTED`?\\s*=\\s*'?(YES|NO|DEFAULT)\\b")
	reEncryptionKeyID = regexp.MustCompile("(?i)(?:^|[\\s`])ENCRYPTION_KEY_ID`?\\s*=\\s*'?(\\d+)")
)

// encryptionKey groups tables by what their options ask: ENCRYPTED= (""
// when unstated) and ENCRYPTION_KEY_ID= (0 when unstated).
type encryptionKey struct {
	encrypted string
	keyID     uint32
}

// encryptionOptions are the tables whose CREATE TABLE names ENCRYPTED= or
// ENCRYPTION_KEY_ID=, by what it asks.
type encryptionOptions map[encryptionKey][]string

// add records table under the encryption options its table options
// name, if any; options is the CREATE TABLE text after the definitions.
func (e encryptionOptions) add(table, options string) {
	var k encryptionKey
	if m := reEncrypted.FindStringSubmatch(options); m != nil && !strings.EqualFold(m[1], "DEFAULT") {
		k.encrypted = strings.ToLower(m[1])
	}
	if m := reEncryptionKeyID.FindStringSubmatch(options); m != nil {
		if id, err := strconv.ParseUint(m[1], 10, 32); err == nil {
			k.keyID = uint32(id)
		}
	}
	if k != (encryptionKey{}) {
		e[k] = append(e[k], table)
	}
}

// list is the groups sorted by ENCRYPTED= then key ID, each with its
// tables sorted; nil when none.
func (e encryptionOptions) list() []profile.DumpEncryption {
	if len(e) == 0 {
		return nil
	}
	out := make([]profile.DumpEncryption, 0, len(e))
	for k, tables := range e {
		sort.Strings(tables)
		out = append(out, profile.DumpEncryption{Encrypted: k.encrypted, KeyID: k.keyID, Tables: tables})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Encrypted != out[j].Encrypted {
			return out[i].Encrypted > out[j].Encrypted // "yes", "no", unstated
		}
		return out[i].KeyID < out[j].KeyID
	})
	return out
}
