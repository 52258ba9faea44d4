package dump

import (
	"regexp"
	"strconv"
	"strings"
)

// rePartitionBy finds a CREATE TABLE's partitioning clause ("PARTITION BY
// HASH (id)", MySQL's "/*!50100 PARTITION BY …"), and reCount its
// "PARTITIONS n" and "SUBPARTITIONS n".
var (
	reBackquoted  = regexp.MustCompile("`(?:[^`]|``)*`")
	rePartitionBy = regexp.MustCompile(`(?i)\bPARTITION\s+BY\b`)
	rePartitions  = regexp.MustCompile(`(?i)\bPARTITIONS\s+(\d+)`)
	reSubparts    = regexp.MustCompile(`(?i)\bSUBPARTITIONS\s+(\d+)`)
	// rePartDef and reSubpartDef find one partition's or subpartition's
	// definition: "PARTITION `p2021` VALUES …", "SUBPARTITION s0 …".
	rePartDef    = regexp.MustCompile("(?i)(?:^|[^\\w])PARTITION\\s+(`[^`]*`|\\w+)")
	reSubpartDef = regexp.MustCompile("(?i)\\bSUBPARTITION\\s+(`[^`]*`|\\w+)")
	// reMethod reads the partitioning method after PARTITION BY: [LINEAR]
	// HASH or KEY, RANGE or LIST [COLUMNS], or MariaDB's SYSTEM_TIME.
	reMethod = regexp.MustCompile(`(?i)\bPARTITION\s+BY\s+(?:LINEAR\s+)?(HASH|KEY|RANGE|LIST|SYSTEM_TIME)\b`)
)

// partitionMethod is how a partitioned table's options spread its rows
// over its partitions, lowercased: "hash" or "key" (evenly, by the
// server's hash of the key: MySQL 8.4 manual, "HASH Partitioning"),
// "range" or "list" (by the values each partition is defined for: shares
// the dump does not tell), "system_time" (MariaDB's system-versioned
// history); LINEAR and COLUMNS are left out. "" when the table is not
// partitioned or the method is none of these.
func partitionMethod(opts string) string {
	m := reMethod.FindStringSubmatch(stripQuoted(reBackquoted.ReplaceAllString(opts, "`n`")))
	if m == nil {
		return ""
	}
	return strings.ToLower(m[1])
}

// partitionCount is the tablespaces a table's options (the text after its
// column definitions) store it in: each partition of a partitioned InnoDB
// table, or each subpartition when it has them, is a file-per-table
// tablespace of its own (MySQL 8.4 manual, "File-Per-Table Tablespaces";
// `t#P#p0.ibd`). The count is the clause's "PARTITIONS n" (× "SUBPARTITIONS
// m"), else its partition (or subpartition) definitions; 0 when the table
// is not partitioned, 1 when the clause says neither (the servers' default:
// one partition).
func partitionCount(opts string) int {
	// `my partition id` is a name and COMMENT='partition by …' a string, not
	// the clause: names become one placeholder, then strings are blanked
	opts = stripQuoted(reBackquoted.ReplaceAllString(opts, "`n`"))
	at := rePartitionBy.FindStringIndex(opts)
	if at == nil {
		return 0
	}
	clause := opts[at[0]:]
	if n := countDefs(reSubpartDef, clause, "BY"); n > 0 {
		return n
	}
	parts := countDefs(rePartDef, clause, "BY")
	if m := rePartitions.FindStringSubmatch(clause); m != nil && parts == 0 {
		parts, _ = strconv.Atoi(m[1])
	}
	parts = max(parts, 1)
	if m := reSubparts.FindStringSubmatch(clause); m != nil {
		if sub, _ := strconv.Atoi(m[1]); sub > 0 {
			parts *= sub
		}
	}
	return parts
}

// countDefs counts re's definitions in clause, less those whose name is
// skip ("PARTITION BY" is the clause, not a partition).
func countDefs(re *regexp.Regexp, clause, skip string) int {
	n := 0
	for _, m := range re.FindAllStringSubmatch(clause, -1) {
		if !strings.EqualFold(m[1], skip) {
			n++
		}
	}
	return n
}
