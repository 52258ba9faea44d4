package rules

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// ariaBytes sums the data and index bytes of the Aria user tables, which
// aria_pagecache_buffer_size caches both of (MariaDB KB, Aria System
// Variables: "The size of the buffer used for index and data blocks for
// Aria tables").
func ariaBytes(engines map[string]profile.EngineUsage) uint64 {
	var n uint64
	for name, u := range engines {
		if strings.ToLower(name) == "aria" {
			n += u.DataBytes + u.IndexBytes
		}
	}
	return n
}

// AriaCacheMissRatio is Aria_pagecache_reads / Aria_pagecache_read_requests,
// -1 with too few requests to judge (missRatio).
func (e Env) AriaCacheMissRatio() float64 { return missRatio(e.F.AriaReads, e.F.AriaReadRequests) }

// AriaPagecacheGrowBytes is the Aria page cache the Aria tables' data and
// indexes want when they do not fit the one in effect (cacheGrowBytes:
// the share of memory the MySQL manual gives MyISAM's key cache, applied
// to Aria's; the KB says to watch Aria_pagecache_reads against
// Aria_pagecache_read_requests); 0 otherwise.
func (e Env) AriaPagecacheGrowBytes() uint64 {
	return e.cacheGrowBytes(e.F.AriaTables, e.F.AriaBytes, e.F.AriaPagecacheBytes, e.AriaCacheMissRatio())
}

// AriaCacheWhy says what the Aria reads show and how the size was set.
func (e Env) AriaCacheWhy() string {
	s := fmt.Sprintf("the server has made %s Aria page cache reads, too few to judge its miss ratio", e.N(e.F.AriaReadRequests))
	if r := e.AriaCacheMissRatio(); r >= 0 {
		s = fmt.Sprintf("%.1f%% of its %s Aria page requests read from disk (Aria_pagecache_reads / "+
			"Aria_pagecache_read_requests)", r*100, e.N(e.F.AriaReadRequests))
	}
	want, g := uint64(float64(e.F.AriaBytes)*e.T.DataHeadroom), e.AriaPagecacheGrowBytes()
	if g < want {
		return s + fmt.Sprintf(". %s is %.0f%% of the %s usable, less than the %s their data and indexes with %.0f%% "+
			"headroom want", e.Size(g), keyCacheMemoryShare*100, e.Human(e.EffectiveMemBytes()), e.Human(want),
			(e.T.DataHeadroom-1)*100)
	}
	return s + fmt.Sprintf(". %s is their data and indexes with %.0f%% headroom to grow, rounded up to MiB", e.Size(g),
		(e.T.DataHeadroom-1)*100)
}
