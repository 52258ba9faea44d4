package threads

import "fmt"

// capMax holds perCore threads for each of cores to MaxThreads, and says
// so when it does: the text otherwise reads "80 cores (2 dump threads per
// core ...) → 16 threads", a number its own reasons do not give.
func capMax(perCore, cores int) (int, string) {
	want := perCore * cores
	if want <= MaxThreads {
		return want, ""
	}
	return MaxThreads, fmt.Sprintf("%d x %d = %d, held to %d (the probe's curves and mytune's restore measurements stop at %d threads: more is not backed by a measurement)",
		perCore, cores, want, MaxThreads, MaxThreads)
}

// withHeld appends capMax's note to why when there is one.
func withHeld(why []string, held string) []string {
	if held == "" {
		return why
	}
	return append(why, held)
}
