// Package rules owns the rule catalogue and what it judges with: the
// facts built from a profile for one target (BuildFacts), the target's
// resolution from a live server, --target, the installed server or the
// my.cnf (ResolveTarget; the Target type and its parser are profile's),
// the compiled-in server defaults, which variables each flavor and
// version accepts, the sizing formulas and the thresholds. It does no
// I/O beyond reading rule files it is given.
package rules
