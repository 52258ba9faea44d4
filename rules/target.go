package rules

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// ResolveTarget picks the target: the live server's flavor and version
// (a --target that disagrees is ignored, and the note says so), else the
// --target flag (may be ""), else the one server installed on the host,
// else what the my.cnf's group headers and options show, else unknown:
// never a silent guess. Reason says what decided; the note says what was
// ignored.
func ResolveTarget(p profile.Profile, flag string) (t profile.Target, note string, err error) {
	if st, ok := serverTarget(p.Server); ok {
		if ft, err := profile.ParseTarget(flag); flag != "" && (err != nil || !targetMatches(ft, st)) {
			note = fmt.Sprintf("--target %s ignored: %s is %s %s", flag, serverNoun(p.Server), st.Flavor, shortVersion(st.Version))
		}
		return st, note, nil
	}
	if flag != "" {
		t, err := profile.ParseTarget(flag)
		return t, "", err
	}
	it, inote, ok := installedTarget(p.Installed)
	if ok {
		it.Reason += otherFlavorCnf(it, p.MyCnf)
		return it, "", nil
	}
	if mt, evidence, ok := MyCnfTarget(p.MyCnf); ok {
		mt.Reason = evidence
		return mt, inote, nil
	}
	why := "no server reachable, no --target, no server installed here"
	if p.InstalledUnread() {
		why = "no server reachable, no --target, and the profile does not say which servers its host has installed " +
			"(saved by a mytune that did not look for them)"
	}
	switch {
	case inote != "":
		why = "no server reachable, no --target, " + inote
	case p.MyCnf != nil:
		why += ", and the my.cnf names no server (no [mariadb]/[galera]/[mysqld-X.Y] group or flavor-only option)"
	}
	return profile.Target{Source: profile.SourceUnknown, Reason: why}, "", nil
}

// installedTarget is the server installed on the host when every binary
// found is the same flavor and major.minor; the note says why not when
// they disagree.
func installedTarget(list []profile.InstalledServer) (profile.Target, string, bool) {
	var t profile.Target
	var seen []string
	for _, s := range list {
		v := shortVersion(s.Version)
		if _, err := profile.ParseVersionStrict(v); err != nil {
			continue
		}
		c := profile.Target{Flavor: s.Flavor, Version: v, Source: profile.SourceInstalled,
			Reason: fmt.Sprintf("installed %s %s", s.Path, s.Version)}
		seen = append(seen, s.Path+" "+s.Version)
		if t.Source == "" {
			t = c
			continue
		}
		if c.Flavor != t.Flavor || majorMinor(c.Version) != majorMinor(t.Version) {
			return profile.Target{}, "several servers installed (" + strings.Join(seen, ", ") + "; pass --target)", false
		}
	}
	return t, "", t.Source != ""
}

// otherFlavorCnf says when the my.cnf shows another flavor than the
// installed server it is judged against (a MySQL file on a MariaDB host:
// every MySQL-only option is a refusal), with the --target that judges it
// as written; "" when they agree or the file shows none.
func otherFlavorCnf(installed profile.Target, m *profile.MyCnf) string {
	mt, evidence, ok := MyCnfTarget(m)
	if !ok || family(mt.Flavor) == family(installed.Flavor) {
		return ""
	}
	evidence, _, _ = strings.Cut(evidence, " in "+m.Path)
	return fmt.Sprintf("; but the my.cnf looks written for %s (%s): judged here against the installed server; "+
		"if the file is for another server, pass --target %s-%s", profile.FlavorName(mt.Flavor), evidence, mt.Flavor, mt.Version)
}

// family puts Percona Server with MySQL: they read the same options.
func family(flavor string) string {
	if flavor == profile.FlavorPercona {
		return profile.FlavorMySQL
	}
	return flavor
}

// majorMinor is "X.Y" of a version.
func majorMinor(v string) string {
	pv, err := profile.ParseVersionStrict(v)
	if err != nil {
		return v
	}
	return fmt.Sprintf("%d.%d", pv.Major, pv.Minor)
}

// serverTarget is the live server's flavor and version, if it answered.
func serverTarget(s *profile.Server) (profile.Target, bool) {
	if s == nil || !s.Reachable || s.Version == "" {
		return profile.Target{}, false
	}
	if _, err := profile.ParseVersionStrict(s.Version); err != nil {
		return profile.Target{}, false
	}
	fl := s.Flavor
	if fl == "" {
		fl = profile.FlavorMySQL
	}
	return profile.Target{Flavor: fl, Version: shortVersion(s.Version), Source: profile.SourceServer,
		Reason: serverNoun(s) + " reports " + s.Version}, true
}

// serverNoun names where the server's variables came from: the live
// server, or the capture files (advise --variables).
func serverNoun(s *profile.Server) string {
	if s.Source == profile.ServerSourceCapture {
		if len(s.Captured) > 0 {
			return "the captured SHOW VARIABLES (" + s.Captured[0] + ")"
		}
		return "the captured SHOW VARIABLES"
	}
	return "the live server"
}

// targetMatches reports whether the --target t names server s: same
// flavor and the same version as far as t spells it ("mariadb-10.11"
// matches 10.11.19).
func targetMatches(t, s profile.Target) bool {
	if t.Flavor != s.Flavor {
		return false
	}
	tv, err1 := profile.ParseVersionStrict(t.Version)
	sv, err2 := profile.ParseVersionStrict(s.Version)
	if err1 != nil || err2 != nil {
		return false
	}
	n := strings.Count(strings.Trim(shortVersion(t.Version), "."), ".") + 1
	a, b := []int{tv.Major, tv.Minor, tv.Patch}, []int{sv.Major, sv.Minor, sv.Patch}
	for i := 0; i < n && i < 3; i++ {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// shortVersion drops a version's suffix: "10.11.19-MariaDB-0+deb12u1" →
// "10.11.19", and the dot before a suffix that has none before it:
// Aurora's "8.0.mysql_aurora.3.05.2" → "8.0" (review r19: "8.0." was the
// target, printed "MySQL 8.0.", and read as 8.0.0, not the series' 8.0.11).
func shortVersion(v string) string {
	v = strings.TrimPrefix(strings.TrimSpace(v), "5.5.5-")
	if i := strings.IndexFunc(v, func(r rune) bool { return r != '.' && (r < '0' || r > '9') }); i >= 0 {
		v = v[:i]
	}
	return strings.TrimRight(v, ".")
}
