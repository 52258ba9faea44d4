package threads

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mytune/mytune/profile"
)

// maxEncryptedTablesNamed bounds the tables an encryption warning names
// per group; the rest are counted.
const maxEncryptedTablesNamed = 3

// What MariaDB 10.11.19 did with the encryption options of a CREATE
// TABLE (2026-12-07, docs/benchmarks/live-server.md, "A dump whose tables
// name ENCRYPTED= or ENCRYPTION_KEY_ID="): without a key-management
// plugin, ENCRYPTED=YES was refused and ENCRYPTION_KEY_ID=2 alone created
// the table; with file_key_management holding keys 1 and 2, a key ID of 5
// was refused with or without ENCRYPTED=YES; with innodb_encrypt_tables =
// FORCE, ENCRYPTED=NO was refused; each "Can't create table … (errno: 140
// "Wrong create options")", after which myloader 0.10 skipped the table
// and its rows and exited 1.
const encryptRefusedText = "(\"Can't create table … (errno: 140 \"Wrong create options\")\"): myloader skips them and their rows and " +
	"exits 1, the mysql client stops at that ERROR 1005"

// keyManagement names the key-management plugin the live target has
// loaded, from the variables each plugin adds (file_key_management_*,
// hashicorp_key_management_*, aws_key_management_*; MariaDB KB, "Key
// Management and Encryption Plugins"); "" when it has none, ok false when
// the target's variables were not read.
func keyManagement(p *profile.Profile, o Options) (plugin string, ok bool) {
	s := p.Server
	if s == nil || !s.Reachable || len(s.Variables) == 0 || targetOf(p, o).Source != profile.SourceServer {
		return "", false
	}
	var names []string
	for name := range s.Variables {
		if i := strings.Index(name, "_key_management_"); i > 0 {
			names = append(names, name[:i+len("_key_management")])
		}
	}
	slices.Sort(names)
	return strings.Join(slices.Compact(names), ", "), true
}

// EncryptionWarning says which of the dump's tables name MariaDB's
// ENCRYPTED= or ENCRYPTION_KEY_ID= and what the target does with them
// (encryptRefusedText): read against the live target's key-management
// plugin and innodb_encrypt_tables when it was asked. "" when none, or
// when the target takes them all.
func EncryptionWarning(p *profile.Profile, o Options) string {
	if p.Dump == nil || len(p.Dump.Encryption) == 0 {
		return ""
	}
	plugin, live := keyManagement(p, o)
	force := live && strings.EqualFold(p.Server.Variables["innodb_encrypt_tables"], "FORCE")
	var asks []string
	var keys []uint32
	n, yes, no := 0, false, false
	for _, g := range p.Dump.Encryption {
		if live && !encryptionRefused(g, plugin != "", force) {
			continue
		}
		n += len(g.Tables)
		asks = append(asks, encryptionGroupText(g))
		yes, no = yes || g.Encrypted == "yes", no || g.Encrypted == "no"
		if g.KeyID > 0 && g.Encrypted != "no" && !slices.Contains(keys, g.KeyID) {
			keys = append(keys, g.KeyID)
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("%s of the dump %s MariaDB's encryption options (%s): %s %s. Load a key-management plugin holding those keys on TARGET "+
		"first (plugin-load-add=file_key_management and its key file), or delete ENCRYPTED= and ENCRYPTION_KEY_ID= from the dump's "+
		"schema files to take TARGET's own encryption settings",
		count(n, "table"), map[bool]string{true: "names", false: "name"}[n == 1], strings.Join(asks, "; "),
		encryptionWhy(live, plugin, force, yes, no, keys), encryptRefusedText)
}

// encryptionRefused is whether a live target refuses the tables of g: a
// key ID alone creates them on a target with no key-management plugin,
// ENCRYPTED=YES without one takes the plugin's default key, and
// ENCRYPTED=NO is refused only by innodb_encrypt_tables=FORCE.
func encryptionRefused(g profile.DumpEncryption, plugin, force bool) bool {
	switch {
	case g.Encrypted == "no":
		return force
	case !plugin:
		return g.Encrypted == "yes"
	default:
		return g.KeyID > 0
	}
}

// encryptionWhy says why the target refuses the tables warned of: what
// the live target lacks, else what a target must have.
func encryptionWhy(live bool, plugin string, force, yes, no bool, keys []uint32) string {
	var why []string
	switch {
	case live && plugin == "" && yes:
		why = append(why, "TARGET has no key-management plugin loaded (no *_key_management_* variable), so it refuses each ENCRYPTED=YES")
	case live && len(keys) > 0:
		why = append(why, fmt.Sprintf("TARGET has %s loaded: it refuses each table whose key ID (%s) its keys lack, which no SQL shows", plugin, keyList(keys)))
	case !live:
		if yes {
			why = append(why, "a target without a key-management plugin refuses ENCRYPTED=YES")
		}
		if len(keys) > 0 {
			why = append(why, fmt.Sprintf("a target with one whose keys lack a table's key ID (%s) refuses that table", keyList(keys)))
		}
	}
	if force && no {
		why = append(why, "TARGET's innodb_encrypt_tables=FORCE refuses ENCRYPTED=NO")
	} else if !live && no {
		why = append(why, "a target with innodb_encrypt_tables=FORCE refuses ENCRYPTED=NO")
	}
	return strings.Join(why, "; ")
}

// encryptionGroupText is one group of tables with the options they name.
func encryptionGroupText(g profile.DumpEncryption) string {
	var opts []string
	if g.Encrypted != "" {
		opts = append(opts, "ENCRYPTED="+strings.ToUpper(g.Encrypted))
	}
	if g.KeyID > 0 {
		opts = append(opts, fmt.Sprintf("ENCRYPTION_KEY_ID=%d", g.KeyID))
	}
	named := g.Tables[:min(len(g.Tables), maxEncryptedTablesNamed)]
	s := strings.Join(opts, " ") + ": " + strings.Join(named, ", ")
	if more := len(g.Tables) - len(named); more > 0 {
		s += fmt.Sprintf(" and %d more", more)
	}
	return s
}

// keyList writes key IDs as "1, 2".
func keyList(keys []uint32) string {
	slices.Sort(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprint(k)
	}
	return strings.Join(parts, ", ")
}
