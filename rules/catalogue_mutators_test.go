package rules

import (
	"fmt"
	"sort"

	"github.com/mytune/mytune/profile"
)

// This file holds the profile mutators and helpers of catalogue_test.go's cases.

// qa13Small is QA 13's bed: MariaDB 10.11 in a 512 MiB memory cgroup,
// defaults (151 connections, tmp_table_size 16M, key cache and Aria page
// cache 128M each), InnoDB user tables only, 16 connections used.
func qa13Small(p *profile.Profile) {
	setVersion("mariadb", "10.11.19")(p)
	p.Host.Memory.LimitBytes = 512 * tMiB
	p.Server.Variables["innodb_buffer_pool_size"] = "128M"
	p.Server.Engines = map[string]profile.EngineUsage{"InnoDB": {Tables: 1, DataBytes: 60 * tMiB}}
	setStatus("max_used_connections", "16")(p)
}

// myISAMIndexes gives the server three MyISAM tables with idx bytes of
// indexes beside its InnoDB ones, and key cache counters (0, 0: none).
func myISAMIndexes(idx uint64, keyReads, requests int) func(*profile.Profile) {
	return func(p *profile.Profile) {
		p.Server.Engines = map[string]profile.EngineUsage{"InnoDB": {Tables: 97, DataBytes: 10 * tGiB},
			"MyISAM": {Tables: 3, DataBytes: 4 * tGiB, IndexBytes: idx}}
		p.Server.Status["key_reads"], p.Server.Status["key_read_requests"] = fmt.Sprint(keyReads), fmt.Sprint(requests)
	}
}

// ariaTables makes the server MariaDB 10.11 with two Aria tables of b
// bytes (three quarters data) beside its InnoDB ones, and Aria page cache
// counters (0, 0: none).
func ariaTables(b uint64, reads, requests int) func(*profile.Profile) {
	return func(p *profile.Profile) {
		setVersion("mariadb", "10.11.19")(p)
		p.Server.Engines = map[string]profile.EngineUsage{"InnoDB": {Tables: 98, DataBytes: 10 * tGiB},
			"Aria": {Tables: 2, DataBytes: b / 4 * 3, IndexBytes: b / 4}}
		p.Server.Status["aria_pagecache_reads"], p.Server.Status["aria_pagecache_read_requests"] = fmt.Sprint(reads), fmt.Sprint(requests)
	}
}

// onOS sets Host.OS as probe/host writes it.
func onOS(os string) func(*profile.Profile) { return func(p *profile.Profile) { p.Host.OS = os } }

// poolMisses is a 128M pool under 2G of data and 512M of indexes on a
// disk doing 140 random reads/s, with reads misses of 1e6 page requests.
func poolMisses(reads int) func(*profile.Profile) {
	return func(p *profile.Profile) {
		p.Server.Variables["innodb_buffer_pool_size"] = "128M"
		p.Server.DataBytes, p.Server.IndexBytes = 2*tGiB, 512*tMiB
		p.Storage.RandRead[0].IOPS, p.Storage.RandRead[0].P50US = 140, 7000
		p.Server.Status["innodb_buffer_pool_reads"] = fmt.Sprint(reads)
		p.Server.Status["innodb_buffer_pool_read_requests"] = "1000000"
	}
}

// queryCache turns the query cache on with a size and hit counters.
func queryCache(flavor, version, size string, hits, comSelect int) func(*profile.Profile) {
	return func(p *profile.Profile) {
		p.Server.Flavor, p.Server.Version = flavor, version
		p.Server.Variables["query_cache_type"], p.Server.Variables["query_cache_size"] = "ON", size
		p.Server.Status["qcache_hits"], p.Server.Status["com_select"] = fmt.Sprint(hits), fmt.Sprint(comSelect)
		p.Server.Status["qcache_inserts"], p.Server.Status["qcache_lowmem_prunes"] = fmt.Sprint(comSelect), "5000"
	}
}

// qcacheStored sets Qcache_inserts and Qcache_lowmem_prunes.
func qcacheStored(inserts, prunes int) func(*profile.Profile) {
	return func(p *profile.Profile) {
		p.Server.Status["qcache_inserts"], p.Server.Status["qcache_lowmem_prunes"] = fmt.Sprint(inserts), fmt.Sprint(prunes)
	}
}

func keys(m map[string]Hit) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// fewTables sets how many tables the server has.
func fewTables(n int) func(*profile.Profile) { return func(p *profile.Profile) { p.Server.Tables = n } }

// tableCache sets the Table_open_cache_* counters.
func tableCache(hits, misses, overflows int) func(*profile.Profile) {
	return func(p *profile.Profile) {
		p.Server.Status["table_open_cache_hits"], p.Server.Status["table_open_cache_misses"] = fmt.Sprint(hits), fmt.Sprint(misses)
		p.Server.Status["table_open_cache_overflows"] = fmt.Sprint(overflows)
	}
}

// busyBefore is a host whose load average just before the measurement
// was load1 (quietProfile has 8 CPUs).
func busyBefore(load1 float64) func(*profile.Profile) {
	return func(p *profile.Profile) {
		p.Storage.Conditions = &profile.Conditions{Before: profile.Load{Load1: load1}}
	}
}
