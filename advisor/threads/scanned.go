package threads

import (
	"fmt"

	"github.com/mytune/mytune/profile"
)

// dumpTables is count(d.Tables, "table"), said of the part scanned when a
// mysqldump file's scan stopped before its end (d.ScannedBytes): the
// counts are of that part only (QA 18: a 4 GB file scanned to 256 MiB was
// "4 tables in 1 chunk" where it holds 44).
func dumpTables(d *profile.Dump) string {
	return count(d.Tables, "table") + scannedPart(d)
}

// scannedPart is "" for a dump read whole, else " in the first 256 MiB
// scanned (the rest not counted)".
func scannedPart(d *profile.Dump) string {
	if d == nil || d.ScannedBytes == 0 {
		return ""
	}
	return fmt.Sprintf(" in the first %s scanned (the rest not counted)", profile.HumanBytes(d.ScannedBytes))
}

// dumpHas says what the dump holds for the thread counts: its tables in
// chunks, of the part scanned when the scan stopped early.
func dumpHas(d *profile.Dump) string {
	if d.ScannedBytes == 0 {
		return "the dump has " + count(d.Tables, "table") + " in " + count(d.Chunks, "chunk")
	}
	return fmt.Sprintf("the first %s of the dump, all that was scanned, has %s in %s (the rest not counted)",
		profile.HumanBytes(d.ScannedBytes), count(d.Tables, "table"), count(d.Chunks, "chunk"))
}
