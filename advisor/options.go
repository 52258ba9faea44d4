package advisor

import (
	"slices"

	"github.com/mytune/mytune/advisor/threads"
	"github.com/mytune/mytune/internal/usage"
	"github.com/mytune/mytune/profile"
)

// Tasks are what advise sizes threads for (--task).
var Tasks = []string{threads.TaskAll, threads.TaskDump, threads.TaskLoad, threads.TaskCopy, threads.TaskOLTP}

// Check refuses options Advise cannot take — a task or durability it does
// not know, a target that names no server — as usage errors named by the
// flags that set them, so a caller can check them before an expensive
// probe. Empty task and durability are the defaults (all, strict).
func (o AdviseOptions) Check() error {
	if o.Task != "" && !slices.Contains(Tasks, o.Task) {
		return usage.Errorf("--task %q: choose all, dump, load, copy or oltp", o.Task)
	}
	if o.Durability != "" && o.Durability != DurabilityStrict && o.Durability != DurabilityRelaxed {
		return usage.Errorf("--durability %q: choose strict (never trades commits away) or relaxed", o.Durability)
	}
	if o.Target != "" {
		if _, err := profile.ParseTarget(o.Target); err != nil {
			return usage.Errorf("--target: %v", err)
		}
	}
	return nil
}
