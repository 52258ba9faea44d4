package advisor

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mytune/mytune/probe/mycnf"
)

// mycnfCorpus is probe/mycnf's corpus of real option files (their
// provenance is in that folder's SOURCES.md); every file added there is
// advised on here too.
const mycnfCorpus = "../probe/mycnf/testdata"

// noMariaDBHint are mariadb-* corpus files that name no MariaDB-only group
// or option, so nothing in them says MariaDB: their target stays unknown.
var noMariaDBHint = map[string]string{
	"mariadb-my-small.cnf": "MariaDB's source template my-small.cnf.sh: only [client], [mysqld], [mysqldump], [mysql], [myisamchk], [mysqlhotcopy]",
}

// TestEveryFragmentProvenMyCnfCorpus: each real option file of the corpus,
// read offline beside the no-server scenario, gives advice whose target
// is the one its groups name (MariaDB for mariadb-* packaging files) or
// unknown, and whose cnf every server that may read it accepts (the
// checks of TestEveryFragmentProven). A file mytune refuses to read is
// logged: the server would refuse it too.
func TestEveryFragmentProvenMyCnfCorpus(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(mycnfCorpus, "*.cnf"))
	if err != nil || len(files) < 20 {
		t.Fatalf("corpus %s: %d files, %v", mycnfCorpus, len(files), err)
	}
	caps := map[string]map[string]string{}
	for _, r := range readers {
		caps[r.name] = loadCapture(t, r.capture)
	}
	mariadbd := mariadbdOrSkip(t)
	for _, path := range files {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			mc, err := mycnf.ReadMyCnf(path)
			if err != nil {
				t.Logf("not read (a server would refuse it too): %v", err)
				return
			}
			p := loadScenario(t, "no-server")
			p.MyCnf = mc
			for _, d := range []string{DurabilityStrict, DurabilityRelaxed} {
				a, err := Advise(p, AdviseOptions{Durability: d, ToolVersion: "test"})
				if err != nil {
					t.Fatal(err)
				}
				if strings.HasPrefix(name, "mariadb-") && noMariaDBHint[name] == "" && a.Target.Flavor != "mariadb" {
					t.Errorf("a MariaDB packaging file gave target %+v", a.Target)
				}
				groups := cnfGroups(a.Cnf)
				rs := readersFor(a.Target)
				if len(rs) == 0 {
					t.Fatalf("no captured server proves a cnf for %+v", a.Target)
				}
				for _, r := range rs {
					for n, v := range r.effective(groups) {
						checkAgainstCapture(t, r, caps[r.name], n, v)
					}
					if r.flavor == "mariadb" && r.version == "10.11" && mariadbd != "" {
						checkMariadbd(t, mariadbd, a.Cnf, r.effective(groups))
					}
				}
			}
		})
	}
}
