package rules

import "github.com/mytune/mytune/profile"

// EnvFor is the environment the rules see for profile p: the target
// resolved from p and targetFlag (ResolveTarget), the facts for it, the
// thresholds and the durability asked for.
func EnvFor(p profile.Profile, targetFlag string, th Thresholds, durability string) (Env, error) {
	t, _, err := ResolveTarget(p, targetFlag)
	if err != nil {
		return Env{}, err
	}
	facts, err := BuildFacts(p, t)
	if err != nil {
		return Env{}, err
	}
	return NewEnv(p, facts, th, durability), nil
}
