package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestMariaConnsKeptLive: the start-up arithmetic against what MariaDB
// 10.11.19 showed (SHOW VARIABLES after start, 2 CPUs, extra_max_connections
// 1), each started under bash's ulimit -n (soft and hard) unless said
// (docs/benchmarks/live-server.md, 2026-12-06).
func TestMariaConnsKeptLive(t *testing.T) {
	for _, tc := range []struct {
		name                   string
		files, want, toc, inst int
		conns, instances       int
	}{
		{"A: 1024 files, 1000 connections, cache 2000: kept (the differences wrap)", 1024, 1000, 2000, 8, 1000, 8},
		{"B: 1024 files, 1000 connections, cache 20", 1024, 1000, 20, 8, 674, 8},
		{"C: 512 files, 400 connections, cache 2000", 512, 400, 2000, 8, 82, 1},
		{"K1: 1024 files, 994 connections: 594", 1024, 994, 2000, 8, 594, 1},
		{"K2: 1024 files, 995 connections: kept", 1024, 995, 2000, 8, 995, 8},
		{"D: soft 1024, hard 20000 below the 32833 asked: the soft limit", 1024, 800, 2000, 8, 594, 1},
		{"H: 1024 files, 800 connections, cache 20, extra 100: instances 4", 1024, 800, 20, 8, 800, 4},
		{"J: 2048 files, 1800 connections", 2048, 1800, 2000, 8, 1618, 1},
		{"L: 1024 files, 900 connections, cache 100", 1024, 900, 100, 8, 794, 1},
		{"M: 512 files, 227 connections (the rule's 1.5x of 151)", 512, 227, 2000, 8, 82, 1},
		{"N1: 512 files, 227 connections, cache 200", 512, 227, 200, 8, 82, 1},
		{"N2: 3460 files, what N1 asked for: kept", 3460, 227, 200, 8, 227, 8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			conns, inst := mariaConnsKept(tc.files, tc.want, tc.toc, tc.inst)
			if conns != tc.conns || inst != tc.instances {
				t.Errorf("kept %d connections in %d instances, the server showed %d in %d", conns, inst, tc.conns, tc.instances)
			}
		})
	}
}

// TestFilesWantedForLive: the files MariaDB 10.11.19 asked the OS for, as
// its open_files_limit under ulimit -n 20000 or the "request:" of its
// "Could not increase number of max_open_files" warning.
func TestFilesWantedForLive(t *testing.T) {
	for _, tc := range []struct {
		name          string
		vars          map[string]string
		mc, toc, inst int
		want          int
	}{
		{"F3: 30 connections, cache 10", nil, 30, 10, 8, 223},
		{"I: the same with pool-of-threads: no thread_pool_size", map[string]string{"thread_handling": "pool-of-threads"}, 30, 10, 8, 221},
		{"E: 800 connections, cache 400", nil, 800, 400, 8, 7233},
		{"C: 400 connections, cache 2000", nil, 400, 2000, 8, 32433},
		{"H: 800 connections and extra_max_connections 100: (800 + 100) x 5", map[string]string{"extra_max_connections": "100"}, 800, 20, 8, 4500},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := Env{F: Facts{Flavor: profile.FlavorMariaDB, Raw: map[string]string{"thread_pool_size": "2"}}}
			for k, v := range tc.vars {
				e.F.Raw[k] = v
			}
			if got := e.filesWantedFor(tc.mc, tc.toc, tc.inst); got != tc.want {
				t.Errorf("filesWantedFor = %d, the server asked for %d", got, tc.want)
			}
		})
	}
}

// TestMaxConnectionsCapText: a raise of max_connections the next start
// cuts says so with the numbers; one it keeps, MySQL's, and a server that
// got all the files it asked for say nothing.
func TestMaxConnectionsCapText(t *testing.T) {
	refused := all(setStatus("max_used_connections", "152"), setStatus("connection_errors_max_connections", "40"))
	starved := func(flavor, files string) func(*profile.Profile) {
		return all(setVersion(flavor, map[string]string{"mariadb": "10.11.19", "mysql": "8.4.3"}[flavor]), refused,
			setVar("open_files_limit", files), setVar("table_open_cache", "200"), setVar("table_open_cache_instances", "1"))
	}
	for _, tc := range []struct {
		name      string
		mutate    func(*profile.Profile)
		recommend string
		want, not []string
	}{
		{"MariaDB under 512 files: 227 starts as 82", starved("mariadb", "512"), "227",
			[]string{"At its next start the server keeps only 82 of them: with open_files_limit 512 (the files the OS gave it) and table_open_cache 200 in 1 instance(s), table_open_cache_instances 8 lowered for want of files, it keeps at most 512 - 30 - 2 x 200 x 1 = 82",
				"max_connections = 227 in the my.cnf starts as 82, though SET GLOBAL takes 227", "to at least 3460"}, nil},
		{"MariaDB under 1024 files: 227 kept", starved("mariadb", "1024"), "227", nil, []string{"next start"}},
		{"MySQL under 512 files: its arithmetic is not applied", starved("mysql", "512"), "227", nil, []string{"next start"}},
		{"MariaDB given all it asked for: the OS's limit unknown", all(setVersion("mariadb", "10.11.19"), refused,
			setVar("open_files_limit", "20000")), "227", nil, []string{"next start"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := quietProfile()
			tc.mutate(&p)
			h, ok := fired(t, p, "strict", "")["memory.max_connections_refused"]
			if !ok || h.Recommended != tc.recommend {
				t.Fatalf("fired %v, recommended %q, want %q", ok, h.Recommended, tc.recommend)
			}
			for _, w := range tc.want {
				if !strings.Contains(h.RenderedDetail, w) {
					t.Errorf("detail lacks %q: %s", w, h.RenderedDetail)
				}
			}
			for _, w := range tc.not {
				if strings.Contains(h.RenderedDetail, w) {
					t.Errorf("detail has %q: %s", w, h.RenderedDetail)
				}
			}
		})
	}
}
