package advisor

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestBackupPageInTheCnf: a physical backup whose page size is not the
// target's puts innodb_page_size = the backup's into the cnf (restart, no
// SET GLOBAL); agreeing sizes and no backup add nothing (review r48: a 4K
// mariadb-backup planned for a live 16K MariaDB 10.11.19 printed a MY.CNF
// without it, and the server did not start on the copied-back files).
func TestBackupPageInTheCnf(t *testing.T) {
	live := func(page string) *profile.Server {
		return &profile.Server{Reachable: true, Flavor: "mariadb", Version: "10.11.19",
			Variables: map[string]string{"version": "10.11.19-MariaDB", "innodb_page_size": page}, Status: map[string]string{}}
	}
	cases := []struct {
		name   string
		backup *profile.PhysicalBackup
		server *profile.Server
		mycnf  *profile.MyCnf
		want   string // the cnf line, "" for none
	}{
		{"4K backup, live 16K server", &profile.PhysicalBackup{PageSizeBytes: 4096}, live("16384"), nil, "innodb_page_size = 4096"},
		{"64K backup, live 16K server", &profile.PhysicalBackup{PageSizeBytes: 65536}, live("16384"), nil, "innodb_page_size = 65536"},
		{"16K backup (unset in backup-my.cnf), live 4K server", &profile.PhysicalBackup{}, live("4096"), nil, "innodb_page_size = 16384"},
		{"4K backup, live 4K server", &profile.PhysicalBackup{PageSizeBytes: 4096}, live("4096"), nil, ""},
		{"4K backup, my.cnf at 4k", &profile.PhysicalBackup{PageSizeBytes: 4096}, nil,
			&profile.MyCnf{Variables: map[string]string{"innodb_page_size": "4k"}}, ""},
		{"4K backup, no server and no my.cnf: the default 16K", &profile.PhysicalBackup{PageSizeBytes: 4096}, nil, nil, "innodb_page_size = 4096"},
		{"no backup", nil, live("16384"), nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := profile.Profile{Server: c.server, MyCnf: c.mycnf, Backup: c.backup,
				Host: profile.Host{Memory: profile.Memory{TotalBytes: 8 << 30, AvailableBytes: 6 << 30}}}
			a, err := Advise(p, AdviseOptions{Target: "mariadb-10.11.19"})
			if err != nil {
				t.Fatal(err)
			}
			got := strings.Contains(a.Cnf, "innodb_page_size =")
			if (c.want == "") == got || (c.want != "" && !strings.Contains(a.Cnf, c.want+"\n")) {
				t.Errorf("cnf has innodb_page_size: %v, want %q:\n%s", got, c.want, a.Cnf)
			}
			for _, l := range a.ApplyNow {
				if strings.Contains(l, "innodb_page_size") {
					t.Errorf("read-only innodb_page_size set online: %s", l)
				}
			}
		})
	}
}
