package threads

import (
	"fmt"

	"github.com/mytune/mytune/probe/profile"
)

// MydumperRows is the --rows chunk size: MySQL Shell's bytesPerChunk
// default (64M) at the ~190 bytes per row measured for sysbench tables here
// (1M rows dumped to 190 MB with mydumper 0.10).
const MydumperRows = 350000

// ShellBytesPerChunk is MySQL Shell's bytesPerChunk default (MySQL Shell
// manual, "Instance Dump Utility": bytesPerChunk, default 64M).
const ShellBytesPerChunk = "64M"

// QueriesPerTransaction is myloader's default batch (myloader --help: 1000).
const QueriesPerTransaction = 1000

// commands builds the ready-to-run lines for the task, and notes on them.
func commands(p *profile.Profile, o Options, plan Plan) ([]string, []string) {
	dir := "/path/to/dump"
	format := ""
	if p.Dump != nil {
		dir, format = p.Dump.Path, p.Dump.Format
	}
	mysqlTarget := p.Server == nil || p.Server.Flavor != profile.FlavorMariaDB
	var cmds, notes []string
	want := func(t string) bool { return o.Task == TaskAll || o.Task == t }
	if want(TaskDump) {
		if mysqlTarget {
			cmds = append(cmds, fmt.Sprintf(`mysqlsh USER@SOURCE:3306 --js -e 'util.dumpInstance("%s", {threads: %d, bytesPerChunk: "%s", compression: "zstd"})'`,
				dir, plan.Dump.Threads, ShellBytesPerChunk))
		}
		cmds = append(cmds, fmt.Sprintf("mydumper --host SOURCE --user USER --ask-password --threads %d --rows %d --compress --outputdir %s",
			plan.Dump.Threads, MydumperRows, dir))
		notes = append(notes, "mydumper/myloader flags are those of 0.10 (Debian 12), --compress writes gzip; newer releases also take --compress ZSTD and --rows MIN:START:MAX")
	}
	if want(TaskLoad) {
		cmds = append(cmds, loadCommands(dir, format, mysqlTarget, plan.Load.Threads)...)
	}
	if want(TaskCopy) {
		if mysqlTarget {
			cmds = append(cmds, fmt.Sprintf(`mysqlsh USER@SOURCE:3306 --js -e 'util.copyInstance("USER@TARGET:3306", {threads: %d})'`, plan.Copy.Threads))
			notes = append(notes, "util.copyInstance needs MySQL Shell 8.1 or newer")
		} else {
			notes = append(notes, fmt.Sprintf("MySQL Shell does not support MariaDB: copy with mydumper then myloader at %d threads", plan.Copy.Threads))
		}
	}
	if !mysqlTarget && (want(TaskDump) || want(TaskLoad)) {
		notes = append(notes, "no mysqlsh lines: MySQL Shell's dump and load utilities support MySQL, not MariaDB")
	}
	return cmds, notes
}

// loadCommands gives the restore lines that fit the dump's format.
func loadCommands(dir, format string, mysqlTarget bool, threads int) []string {
	shell := fmt.Sprintf(`mysqlsh USER@TARGET:3306 --js -e 'util.loadDump("%s", {threads: %d, deferTableIndexes: "all", skipBinlog: true})'`, dir, threads)
	myloader := fmt.Sprintf("myloader --host TARGET --user USER --ask-password --threads %d --directory %s --overwrite-tables --queries-per-transaction %d",
		threads, dir, QueriesPerTransaction)
	switch format {
	case "mysqlsh":
		return []string{shell}
	case "mydumper":
		return []string{myloader}
	case "mysqldump":
		return []string{fmt.Sprintf("mysql --host TARGET --user USER -p < %s", dir)}
	}
	if mysqlTarget {
		return []string{shell, myloader}
	}
	return []string{myloader}
}
