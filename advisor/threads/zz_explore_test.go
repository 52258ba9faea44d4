package threads

import (
	"fmt"
	"math"
	"os"
	"testing"

	"github.com/mytune/mytune/profile"
)

func TestZZExplore(t *testing.T) {
	files := []string{"cpu-fit-redo1g.json", "cpu-fit-tables.json", "cpu-fit-20261202T1209Z.json", "cpu-fit-20261202T1738Z.json", "cpu-fit-20261202T2352Z.json", "cpu-fit-20261205T0000Z.json"}
	out, _ := os.Create("/var/tmp/zz.tsv")
	defer out.Close()
	fmt.Fprintln(out, "file\tshape\tcpus\tthreads\trep\tsec\tcore\tmem\tall\tneed")
	for _, name := range files {
		f := readCPUFit(t, "testdata/"+name)
		for _, c := range f.Cells {
			for _, r := range c.Runs {
				p := c.Profile
				p.Storage.Conditions = &profile.Conditions{}
				p.Host.CPU.Speed = nil
				p.Dump = &profile.Dump{Format: "mydumper", TotalBytes: c.DumpBytes, Tables: c.Tables, Chunks: c.Chunks}
				e := estimateLoad(&p, r.Threads, c.CPUs, pool{bytes: f.PoolBytes, from: "server", redo: f.RedoBytes})
				mid := math.Sqrt(e.Low.Seconds() * e.High.Seconds())
				var core, mem, all float64
				for _, s := range c.Speeds {
					if s.BeforeRep == r.Rep {
						core, mem = s.SingleOpsPerCPUS/CPURefOpsPerCPUS, CPURefMemLoadNs/s.MemLoadNs
					}
				}
				_ = all
				fmt.Fprintf(out, "%s\t%s\t%d\t%d\t%d\t%.2f\t%.2f\t%.2f\t%.2f\t%.3f\n", name[8:], c.Shape, c.CPUs, r.Threads, r.Rep, r.Seconds, core, mem, all, mid/r.Seconds)
			}
		}
	}
}
