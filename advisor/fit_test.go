package advisor

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
	"github.com/mytune/mytune/rules"
)

// withDisk gives a random profile a datadir filesystem from a 2.9 GB card
// to a 4 TB disk, nearly full to nearly empty, and sometimes a dump to
// restore onto it.
func withDisk(r *rand.Rand, p *profile.Profile) {
	const mib = uint64(1) << 20
	total := []uint64{2900 * mib, 8 << 30, 30 << 30, 500 << 30, 4 << 40}[r.Intn(5)]
	p.Storage.TotalBytes = total
	p.Storage.FreeBytes = uint64(float64(total) * []float64{0.01, 0.05, 0.3, 0.9}[r.Intn(4)])
	p.Storage.MountPoint = "/srv"
	if r.Intn(2) == 0 {
		p.Dump = &profile.Dump{Path: "/dump", Format: "mydumper", TotalBytes: uint64(r.Int63n(int64(total / 2)))}
	}
}

// TestSizesFit: on 500 seeded random profiles with random disks and
// dumps, no redo log advised is larger than redo_free_fraction of the
// free space left after the dump, no max_heap_table_size above
// max_connections_memory_fraction of usable memory, no memory size above
// usable memory; a redo held below its ideal says so with the numbers.
func TestSizesFit(t *testing.T) {
	cat, err := rules.Load(rules.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	th := cat.Thresholds
	r := rand.New(rand.NewSource(7))
	capped := 0
	for i := 0; i < 500; i++ {
		p, target := randomProfile(r)
		withDisk(r, &p)
		d := []string{DurabilityStrict, DurabilityRelaxed}[i%2]
		a, err := Advise(p, AdviseOptions{Catalogue: cat, Target: target, Durability: d})
		if err != nil {
			t.Fatalf("profile %d: %v", i, err)
		}
		tg, _, _ := rules.ResolveTarget(p, target)
		f, err := rules.BuildFacts(p, tg)
		if err != nil {
			t.Fatal(err)
		}
		env := newEnv(p, f, th, d)
		room := env.RedoRoomBytes()
		eff := p.Host.Memory.EffectiveBytes()
		for _, fd := range a.Findings {
			b, _ := profile.ParseSize(fd.Recommended)
			switch fd.Variable {
			case "innodb_redo_log_capacity", "innodb_log_file_size":
				total := b
				if fd.ID == "redo.log_file_size_small" || fd.ID == "redo.log_file_size_small_mariadb_old" {
					total = b * uint64(max(f.LogFilesInGroup, 1))
				}
				if total > room {
					t.Errorf("profile %d (%s): %s = %s, %d bytes of redo > room %d (free %d, dump %v)",
						i, target, fd.Variable, fd.Recommended, total, room, p.Storage.FreeBytes, p.Dump)
				}
				if env.RedoDiskCapped() {
					capped++
					if !strings.Contains(fd.Detail, "does not fit the disk") || !strings.Contains(fd.Detail, rules.Human(room)) {
						t.Errorf("profile %d: redo held to %s without saying why: %s", i, fd.Recommended, fd.Detail)
					}
				}
			case "max_heap_table_size":
				if lim := uint64(th.ConnMemoryFraction * float64(eff)); b > lim {
					t.Errorf("profile %d: max_heap_table_size %s above %d", i, fd.Recommended, lim)
				}
			case "innodb_buffer_pool_size":
				if b > eff {
					t.Errorf("profile %d: pool %s above usable memory %d", i, fd.Recommended, eff)
				}
			}
		}
	}
	if capped == 0 {
		t.Error("no profile had its redo held by the disk: the generator does not exercise the cap")
	}
}

// TestSmallCardUnknownTarget: issue 10's card with nothing naming the
// server: every redo line of the portable cnf, in whichever group, fits
// the card with room to spare.
func TestSmallCardUnknownTarget(t *testing.T) {
	p := loadScenario(t, "sd-card-small")
	p.Installed = nil
	a, err := Advise(p, AdviseOptions{Durability: DurabilityRelaxed})
	if err != nil {
		t.Fatal(err)
	}
	if a.Target.Source != profile.SourceUnknown {
		t.Fatalf("target %+v, want unknown", a.Target)
	}
	free := p.Storage.FreeBytes - p.Dump.TotalBytes
	lines := 0
	for _, g := range cnfGroups(a.Cnf) {
		for _, kv := range g.settings {
			if kv[0] != "innodb_redo_log_capacity" && kv[0] != "innodb_log_file_size" {
				continue
			}
			lines++
			b, err := profile.ParseSize(kv[1])
			files := uint64(1)
			if kv[0] == "innodb_log_file_size" && (g.name == "mysqld-8.0" || g.name == "mysqld-5.7") {
				files = 2 // innodb_log_files_in_group default of MySQL 5.7/8.0 (MySQL manual)
			}
			if err != nil || b*files > free/4 {
				t.Errorf("[%s] %s = %s: %d bytes, more than a quarter of the %d bytes free", g.name, kv[0], kv[1], b*files, free)
			}
		}
	}
	if lines == 0 {
		t.Errorf("no redo line in the cnf:\n%s", a.Cnf)
	}
}

// TestUnknownTargetMakesNoVersionClaims: with nothing naming the server,
// no finding says "this version is past end of life": the versions
// advised for are mytune's choice, not the user's.
func TestUnknownTargetMakesNoVersionClaims(t *testing.T) {
	a, err := Advise(loadScenario(t, "no-server"), AdviseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if a.Target.Source != profile.SourceUnknown {
		t.Fatalf("target %+v, want unknown", a.Target)
	}
	for _, f := range a.Findings {
		if strings.HasPrefix(f.ID, "hygiene.eol") {
			t.Errorf("%s on an unknown target: %s", f.ID, f.Summary)
		}
	}
}
