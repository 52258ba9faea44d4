package threads

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/mytune/mytune/profile"
)

// galeraCacheDefault is Galera's gcache.size default (galera-4 26.4
// on MariaDB 10.11.19: wsrep_provider_options reads "gcache.size = 128M").
const galeraCacheDefault = 128 << 20

// gcacheSize finds gcache.size in wsrep_provider_options ("…; gcache.size
// = 128M; …").
var gcacheSize = regexp.MustCompile(`(?:^|;)\s*gcache\.size\s*=\s*([^;]+)`)

// galeraCacheOf is the node's gcache.size from wsrep_provider_options in
// the variables the load meets (varSets), else galeraCacheDefault; set
// tells which.
func galeraCacheOf(p *profile.Profile, o Options) (bytes uint64, set bool) {
	for _, vars := range varSets(p, o) {
		v, ok := vars["wsrep_provider_options"]
		if !ok {
			continue
		}
		if m := gcacheSize.FindStringSubmatch(v); m != nil {
			if n, err := profile.ParseSize(strings.TrimSpace(m[1])); err == nil && n > 0 {
				return n, true
			}
		}
	}
	return galeraCacheDefault, false
}

// galeraLoadWriteSets is what the dump's load sends through Galera: each
// modelled table's rows as stored (record + off-page bytes), plus its SQL
// when annotate and the rows come as INSERTs (not mydumper --load-data or
// MySQL Shell's LOAD DATA), scaled up to the dump's user data when some
// tables were not modelled; sql is the part that is statement text. On
// MariaDB 10.11.19, galera-4 (reviews r39, r43), the 79.8 MB sbtest dump
// raised wsrep_replicated_bytes by 155,660,496 with
// binlog_annotate_row_events ON; modelled 162 MB. ok false without models.
func galeraLoadWriteSets(d *profile.Dump, annotate bool) (ws, sql float64, ok bool) {
	var modelled float64
	text := annotate && !d.LoadData && d.Format != "mysqlsh"
	for _, m := range d.TableModels {
		if m.Bytes == 0 || m.SQLBytesPerRow <= 0 || m.RecordBytes <= 0 {
			continue
		}
		ws += float64(m.Bytes) / m.SQLBytesPerRow * (m.RecordBytes + m.OffPageBytes)
		if text {
			sql += float64(m.Bytes)
		}
		modelled += float64(m.Bytes)
	}
	if modelled == 0 {
		return 0, 0, false
	}
	if user := float64(d.TotalBytes) - float64(d.SystemBytes); user > modelled {
		ws, sql = ws*user/modelled, sql*user/modelled
	}
	return ws + sql, sql, true
}

// GaleraCacheWarning says that on a Galera node the load sends more write
// sets than gcache.size keeps, so a node that is down while they are sent
// rejoins by a full SST instead of IST. Measured on a 2-node MariaDB
// 10.11.19 cluster at gcache.size 128M (review r43, docs/benchmarks/
// live-server.md "Galera: the gcache and the commit's round trip"): node
// 2 down during one load of 155.7 MB of write sets came back by IST (the
// ring buffer and an overflow page held them); during two (311.3 MB) the
// donor held none from before and node 2 was sent the whole datadir by
// rsync SST. gcache.size cannot change at runtime ("Can't change ring
// buffer size in runtime"). "" when the load fits or it is no Galera node.
func GaleraCacheWarning(p *profile.Profile, o Options) string {
	if p.Dump == nil || !galeraNode(p, o) {
		return ""
	}
	l := galeraLimitsOf(p, o)
	ws, sql, ok := galeraLoadWriteSets(p.Dump, l.annotate)
	cache, _ := galeraCacheOf(p, o)
	if !ok || ws <= float64(cache) {
		return ""
	}
	what := "its rows as stored"
	if sql > 0 {
		what += fmt.Sprintf(", plus %s of the INSERTs' text: binlog_annotate_row_events is ON", profile.HumanBytes(uint64(sql)))
	}
	s := fmt.Sprintf("this server is a Galera cluster node, and the load sends about %s of write sets through the cluster (%s), "+
		"more than gcache.size %s keeps: a node that is down while they are sent (down when the load starts, restarted or evicted "+
		"during it) can find no donor still holding the write sets it missed (the ring buffer keeps the last gcache.size of them) "+
		"and then rejoins by a full SST, a copy of the whole datadir, instead of IST. Check that every node is Synced (SHOW STATUS LIKE 'wsrep_local_state_comment') before the load and restart none "+
		"until every node has applied it, or first raise gcache.size above %s in wsrep_provider_options on every node (it cannot "+
		"change at runtime: restart the nodes one at a time; the cache is a file of that size in gcache.dir, the datadir by default)",
		profile.HumanBytes(uint64(ws)), what, profile.HumanBytes(cache), profile.HumanBytes(uint64(ws)))
	if sql > 0 {
		s += fmt.Sprintf("; SET GLOBAL binlog_annotate_row_events = OFF before the load (ON again after) leaves the text out: about %s",
			profile.HumanBytes(uint64(ws-sql)))
	}
	return s
}
