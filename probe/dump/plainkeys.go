package dump

import (
	"slices"
	"strings"
)

// plainKeys are a CREATE TABLE's plain secondary indexes (KEY or INDEX:
// not PRIMARY, UNIQUE, FULLTEXT or SPATIAL), the ones a load can leave out
// of the CREATE TABLE and add after the rows with one ALTER TABLE … ADD
// (the advisor's key deferral): their definitions as written, where each
// sits among tableDef.secondary, and why they must stay in the CREATE
// TABLE when they must.
type plainKeys struct {
	defs []string
	at   []int
	kept string
}

// add records a plain key's definition at position i of the secondary
// indexes; other kinds of index are not plain.
func (k *plainKeys) add(word, def string, i int) {
	if word != "KEY" && word != "INDEX" {
		return
	}
	if strings.ContainsAny(def, "\r\n") && k.kept == "" {
		k.kept = "a key definition spans several lines, which the line filter that takes keys out does not read"
	}
	k.defs, k.at = append(k.defs, def), append(k.at, i)
}

// functional notes a plain key on an expression (MySQL 8.0.13+): its
// entries are not sized, so the keys stay where they are.
func (k *plainKeys) functional(word string) {
	if (word == "KEY" || word == "INDEX") && k.kept == "" {
		k.kept = "a key on an expression (a functional key part)"
	}
}

// removed renumbers the positions after secondary index i, which became
// the clustered key (the first NOT NULL UNIQUE index of a table without a
// PRIMARY KEY).
func (k *plainKeys) removed(i int) {
	for j, at := range k.at {
		if at > i {
			k.at[j] = at - 1
		}
	}
}

// checkAutoIncrement keeps the keys when the table's AUTO_INCREMENT column
// leads no index but a plain one: without it the CREATE TABLE is refused
// ("ERROR 1075: there can be only one auto column and it must be defined
// as a key").
func (k *plainKeys) checkAutoIncrement(d *tableDef) {
	ai := slices.IndexFunc(d.cols, func(c colDef) bool { return c.autoIncrement })
	if ai < 0 || len(k.defs) == 0 || k.kept != "" {
		return
	}
	if len(d.pk) > 0 && d.pk[0].col == ai {
		return
	}
	for i, idx := range d.secondary {
		if len(idx) > 0 && idx[0].col == ai && !slices.Contains(k.at, i) {
			return // a UNIQUE index leads with it
		}
	}
	k.kept = "its AUTO_INCREMENT column `" + d.cols[ai].name + "` leads no index but a plain KEY, which the CREATE TABLE needs (ERROR 1075 without it)"
}
