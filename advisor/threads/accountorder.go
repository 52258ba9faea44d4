package threads

import (
	"cmp"
	"slices"

	"github.com/mytune/mytune/profile"
)

// loadOrder ranks a kind by where the dump's loader meets it. mydumper
// 0.10 writes a database's functions, then procedures, then events into
// its -schema-post.sql, each by name (its views and each table's triggers
// are files of their own); mariadb-dump 10.11.19 writes each table's
// triggers after its rows, then the database's events, functions and
// procedures, and the views last (review r52, both dumps of one schema).
var loadOrder = map[string]map[string]int{
	"mydumper":  {profile.ObjectFunction: 0, profile.ObjectProcedure: 1, profile.ObjectEvent: 2},
	"mysqldump": {profile.ObjectTrigger: 0, profile.ObjectEvent: 1, profile.ObjectFunction: 2, profile.ObjectProcedure: 3, profile.ObjectView: 4},
}

// leftOut are the objects a load refused nothing for but still leaves
// out because they come after a refused one where the loader stops: in
// a mydumper dump the rest of that database's -schema-post.sql
// (myloader 0.10 stops a file at its first error), in a mysqldump file
// the rest of the file (the mysql client stops at its first error). A
// mydumper table's later triggers are left out too, which the profile
// cannot place (it does not say which table a trigger is on).
func leftOut(d *profile.Dump, bad map[profile.DumpObject]bool) []profile.DumpObject {
	rank, ok := loadOrder[d.Format]
	if !ok || len(bad) == 0 {
		return nil
	}
	var inOrder []profile.DumpObject
	for _, o := range d.Objects {
		if _, ranked := rank[o.Kind]; ranked {
			inOrder = append(inOrder, o)
		}
	}
	wholeFile := d.Format == "mysqldump"
	slices.SortStableFunc(inOrder, func(a, b profile.DumpObject) int {
		if wholeFile {
			return cmp.Or(cmp.Compare(rank[a.Kind], rank[b.Kind]), cmp.Compare(a.Schema, b.Schema), cmp.Compare(a.Name, b.Name))
		}
		return cmp.Or(cmp.Compare(a.Schema, b.Schema), cmp.Compare(rank[a.Kind], rank[b.Kind]), cmp.Compare(a.Name, b.Name))
	})
	var out []profile.DumpObject
	stopped := map[string]bool{} // by schema; "" for the whole file
	for _, o := range inOrder {
		key := o.Schema
		if wholeFile {
			key = ""
		}
		switch {
		case bad[o]:
			stopped[key] = true
		case stopped[key]:
			out = append(out, o)
		}
	}
	return out
}
