package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestFastShutdownCrashLike: innodb_fast_shutdown = 2 makes every shutdown
// crash-like (MySQL 8.4 manual, innodb_fast_shutdown), which a newer
// server's redo format refuses ("Upgrade after a crash is not supported",
// MySQL and MariaDB source); 0, 1 and MariaDB's 3 write the pages. The
// redo resize steps say to set 1 first (MySQL 5.6 manual, "Changing the
// Number or Size of InnoDB Redo Log Files").
func TestFastShutdownCrashLike(t *testing.T) {
	for _, tc := range []struct {
		name, flavor, version, value string
		fires                        bool
		want                         []string
		resize                       string
	}{
		{"MySQL 8.4 at 2", "mysql", "8.4.3", "2", true,
			[]string{"innodb_fast_shutdown is 2", "up to the 1.0 GiB redo log", "Upgrade after a crash is not supported", "SET GLOBAL innodb_fast_shutdown = 1"},
			"Needs a clean shutdown and restart. innodb_fast_shutdown is 2 here, which shuts down like a crash: SET GLOBAL innodb_fast_shutdown = 1 first."},
		{"MariaDB 10.11 at 2", "mariadb", "10.11.19", "2", true, []string{"innodb_fast_shutdown is 2"}, "SET GLOBAL innodb_fast_shutdown = 1 first."},
		{"MySQL 5.6.7 at 2: set 1 before moving the log files", "mysql", "5.6.7", "2", true, nil,
			"This release does not resize its log files itself: innodb_fast_shutdown is 2 here, which shuts down like a crash: SET GLOBAL innodb_fast_shutdown = 1 first. stop the server cleanly"},
		{"the default 1", "mysql", "8.4.3", "1", false, nil, "Needs a clean shutdown and restart."},
		{"a slow shutdown, 0", "mysql", "8.4.3", "0", false, nil, "Needs a clean shutdown and restart."},
		{"MariaDB's 3 writes the pages", "mariadb", "10.11.19", "3", false, nil, "Needs a clean shutdown and restart."},
		{"not reported", "mysql", "8.4.3", "", false, nil, "Needs a clean shutdown and restart."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env, hits := memEnv(t, func(p *profile.Profile) {
				p.Server.Flavor, p.Server.Version = tc.flavor, tc.version
				if tc.value != "" {
					p.Server.Variables["innodb_fast_shutdown"] = tc.value
				}
			})
			h, ok := hits["hygiene.fast_shutdown_crash_like"]
			if ok != tc.fires {
				t.Fatalf("fired %v, want %v: %s", ok, tc.fires, h.RenderedDetail)
			}
			for _, w := range tc.want {
				if !strings.Contains(h.RenderedDetail, w) {
					t.Errorf("finding lacks %q: %s", w, h.RenderedDetail)
				}
			}
			if got := env.RedoResizeText(); !strings.Contains(got, tc.resize) {
				t.Errorf("RedoResizeText = %q, want %q in it", got, tc.resize)
			}
		})
	}
}
