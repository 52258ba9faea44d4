package rules

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// keyCacheMissRatio is the share of key cache lookups that may read from
// disk before the cache is called too small: MySQL 8.4 manual,
// key_buffer_size: "The ratio of Key_reads to Key_read_requests should
// normally be less than 0.01".
const keyCacheMissRatio = 0.01

// keyCacheMinRequests is the lookups the miss ratio is judged on: fewer,
// and the cache is judged by the index bytes alone (mytune's choice: 1,000
// misses at the manual's ratio).
const keyCacheMinRequests = 100000

// keyCacheMemoryShare caps a grown key cache: MySQL 8.4 manual,
// key_buffer_size: "25% of the machine's total memory is an acceptable
// value for this variable" on a machine that mainly runs MyISAM.
const keyCacheMemoryShare = 0.25

// myISAMIndexBytes sums the index bytes of the key cache's engines.
func myISAMIndexBytes(engines map[string]profile.EngineUsage) uint64 {
	var n uint64
	for name, u := range engines {
		switch strings.ToLower(name) {
		case "myisam", "mrg_myisam", "mrg_mrg_myisam":
			n += u.IndexBytes
		}
	}
	return n
}

// KeyCacheMissRatio is Key_reads / Key_read_requests, -1 with too few
// lookups to judge (missRatio).
func (e Env) KeyCacheMissRatio() float64 { return missRatio(e.F.KeyReads, e.F.KeyReadRequests) }

// missRatio is reads / requests of a cache, -1 under keyCacheMinRequests.
func missRatio(reads, requests float64) float64 {
	if requests < keyCacheMinRequests {
		return -1
	}
	return reads / requests
}

// KeyBufferGrowBytes is the key cache the MyISAM indexes want when they do
// not fit the one in effect (cacheGrowBytes); 0 otherwise.
func (e Env) KeyBufferGrowBytes() uint64 {
	return e.cacheGrowBytes(e.F.MyISAMTables, e.F.MyISAMIndexBytes, e.F.KeyBufferBytes, e.KeyCacheMissRatio())
}

// cacheGrowBytes is the cache size tables of need bytes want when they do
// not fit cur: need with T.DataHeadroom, rounded up to MiB, at most
// keyCacheMemoryShare of usable memory; 0 when they fit, when the cache
// already serves the reads (miss ratio under keyCacheMissRatio), when
// memory is tight, or without a server's tables.
func (e Env) cacheGrowBytes(tables int, need, cur uint64, miss float64) uint64 {
	if !e.F.HasServer || tables <= 0 || need <= cur || !e.MemoryKnown() || e.MemoryTight() {
		return 0
	}
	if miss >= 0 && miss < keyCacheMissRatio {
		return 0
	}
	want := (uint64(float64(need)*e.T.DataHeadroom) + mib - 1) / mib * mib
	want = min(want, uint64(float64(e.EffectiveMemBytes())*keyCacheMemoryShare)/mib*mib)
	if want <= cur {
		return 0
	}
	return want
}

// KeyCacheMissText says what the miss ratio shows, or that it was not
// judged, and over what time the counters ran (keyCountersSince).
func (e Env) KeyCacheMissText() string {
	r := e.KeyCacheMissRatio()
	if r < 0 {
		return fmt.Sprintf("the key cache counted %s lookups %s, too few to judge its miss ratio", e.N(e.F.KeyReadRequests),
			e.keyCountersSince())
	}
	return fmt.Sprintf("%.1f%% of its %s key cache lookups read from disk (Key_reads / Key_read_requests %s; the manual: "+
		"normally under 1%%)", r*100, e.N(e.F.KeyReadRequests), e.keyCountersSince())
}

// keyCountersSince says over what time Key_read_requests and Key_reads
// ran: FLUSH STATUS sets both to 0 (MySQL 8.4 manual, FLUSH STATUS: it
// "resets the counters for key caches"), and so does SET GLOBAL
// key_buffer_size, which leaves Uptime_since_flush_status alone, so a
// resize is not seen (both measured on MariaDB 10.11.19: 267,786 → 0 and
// 16,530 → 0; before, a flushed cache read "the server has made 0 key
// cache lookups").
func (e Env) keyCountersSince() string {
	since := "the server started"
	if s := e.F.Usage.SinceFlushS; s >= 0 {
		since = "FLUSH STATUS " + upFor2(s) + " ago"
	} else if e.F.UptimeS > 0 {
		since += " " + upFor2(e.F.UptimeS) + " ago"
	}
	return "since " + since + " or the last SET GLOBAL key_buffer_size, which reset them"
}

// KeyBufferGrowWhy says how KeyBufferGrowBytes was sized: the indexes with
// headroom, or the memory share that capped it.
func (e Env) KeyBufferGrowWhy() string {
	want := uint64(float64(e.F.MyISAMIndexBytes) * e.T.DataHeadroom)
	if g := e.KeyBufferGrowBytes(); g < want {
		return fmt.Sprintf("%s, %.0f%% of the %s usable (the manual's share for a server that mainly runs MyISAM), "+
			"less than the %s their indexes with %.0f%% headroom want", e.Size(g), keyCacheMemoryShare*100,
			e.Human(e.EffectiveMemBytes()), e.Human(want), (e.T.DataHeadroom-1)*100)
	}
	return fmt.Sprintf("%s, their indexes with %.0f%% headroom to grow, rounded up to MiB", e.Size(e.KeyBufferGrowBytes()),
		(e.T.DataHeadroom-1)*100)
}
