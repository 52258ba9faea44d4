package profile

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"
)

// sample is a profile with every kind of field set, for round trips.
func sample() *Profile {
	return &Profile{
		Schema: Schema, TakenAt: time.Date(2026, 11, 30, 8, 0, 0, 0, time.UTC), ToolVersion: "test",
		Host: Host{Hostname: "pi", OS: "linux", Arch: "arm64", Board: "Raspberry Pi 4 Model B Rev 1.1",
			CPU: CPU{Logical: 4, Physical: 4, Model: "Cortex-A72"}, Memory: Memory{TotalBytes: 4 << 30, LimitBytes: 1 << 30}},
		Storage: Storage{Path: "/var/lib/mysql", FSType: "ext4", Measured: true, DirectIO: true,
			Device:   Device{Name: "mmcblk0p2", Chain: []string{"mmcblk0p2", "mmcblk0"}, Transport: TransportMMC, MMCType: "SD"},
			SeqWrite: Throughput{MBPerS: 14.6}, Fsync: Latency{P50US: 2100, P99US: 95000, MaxUS: 120000, OpsPerS: 310},
			RandWrite: []ThreadPoint{{Threads: 1, IOPS: 150, P50US: 6600, P99US: 9000}},
			Class:     ClassSDCard, ClassEvidence: []string{"slow sync"}},
		Server:    &Server{Reachable: true, Flavor: FlavorMySQL, Version: "8.0.36", Variables: map[string]string{"log_bin": "ON"}},
		Installed: []InstalledServer{{Path: "/usr/sbin/mysqld", Flavor: FlavorMySQL, Version: "8.0.36"}},
		Gaps:      []Gap{{Probe: "host.cgroup", Reason: "no cgroup"}},
	}
}

func TestDecodeRoundTrip(t *testing.T) {
	want := sample()
	data, err := json.Marshal(want)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	want.Normalize()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("round trip changed the profile:\n got %+v\nwant %+v", got, want)
	}
	advice, _ := json.Marshal(map[string]any{"schema": AdviceSchema, "profile": want})
	if got, err := Decode(bytes.NewReader(advice)); err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("profile inside an advice: %v", err)
	}
}

func TestDecodeRefuses(t *testing.T) {
	cases := []struct{ name, in, wantSub string }{
		{"empty", "", "not valid JSON"},
		{"garbage", "hello", "not valid JSON"},
		{"truncated", `{"schema":"mytune.profile/v1","host":{`, "cut short: the JSON stops after 38 bytes"},
		{"truncated in a string", `{"schema":"mytune.pro`, "cut short"},
		{"whitespace only", "  \n", "not valid JSON"},
		{"no schema", `{"host":{}}`, "no \"schema\""},
		{"foreign", `{"schema":"something/v3"}`, `not a mytune profile (schema "something/v3"): give the probe's JSON (mytune probe --format json --out FILE)`},
		// review r8: --from cal.json said only `not a mytune profile (schema "mytune.calibrate.dump/v1")`
		{"a dump calibration", `{"schema":"mytune.calibrate.dump/v1"}`, "a calibration: advise takes it with --calibration FILE"},
		{"an INSERT calibration", `{"schema":"mytune.calibrate/v1"}`, "give the probe's JSON"},
		{"newer", `{"schema":"mytune.profile/v9"}`, "newer mytune"},
		{"wrong type", `{"schema":"mytune.profile/v1","storage":{"free_bytes":"lots"}}`, "free_bytes"},
		{"advice without profile", `{"schema":"mytune.advice/v1"}`, "without its profile, so nothing to advise from: give the probe's JSON (mytune probe --format json --out FILE)"},
		{"array", `[1,2]`, "not a mytune profile (a JSON array"},
		{"empty profile", `{"schema":"mytune.profile/v1"}`, "storage.path is empty"},
		{"negative iops", `{"schema":"mytune.profile/v1","storage":{"path":"/d","rand_write":[{"threads":1,"iops":-5}]}}`, "outside"},
		{"huge throughput", `{"schema":"mytune.profile/v1","storage":{"path":"/d","seq_write":{"mb_per_s":1e308}}}`, "seq_write"},
		{"zero threads", `{"schema":"mytune.profile/v1","storage":{"path":"/d","rand_read":[{"threads":0,"iops":5}]}}`, "0 threads"},
		// QA: each of these was advised ("allows 2 of 0") or refused with "should be a number, not a JSON number -1"
		{"flavor outside the contract", `{"schema":"mytune.profile/v1","host":{"cpu":{"logical":2}},"storage":{"path":"/d"},` +
			`"server":{"reachable":true,"flavor":"oracle"}}`, `server.flavor "oracle" is none of "mysql", "mariadb" and "percona"`},
		{"0 logical CPUs of 2 cores", `{"schema":"mytune.profile/v1","host":{"cpu":{"logical":0,"physical":2,"allowed_cpus":2}},"storage":{"path":"/d"}}`,
			"host.cpu.logical is 0, fewer than its 2 physical cores or 2 allowed CPUs"},
		{"4 CPUs allowed of 2", `{"schema":"mytune.profile/v1","host":{"cpu":{"logical":2,"allowed_cpus":4}},"storage":{"path":"/d"}}`,
			"host.cpu.logical is 2, fewer than"},
		{"negative size", `{"schema":"mytune.profile/v1","storage":{"path":"/d"},"server":{"data_bytes":-1}}`,
			`field "server.data_bytes" is -1, negative`},
		{"size written as a float", `{"schema":"mytune.profile/v1","storage":{"path":"/d","free_bytes":1500000000.0}}`,
			`field "storage.free_bytes" is 1500000000.0, not an integer`},
		{"size with an exponent", `{"schema":"mytune.profile/v1","storage":{"path":"/d","free_bytes":1.5e9}}`, "not an integer"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Decode(strings.NewReader(c.in))
			if err == nil || !strings.Contains(err.Error(), c.wantSub) {
				t.Errorf("Decode(%q) error %v, want one containing %q", c.in, err, c.wantSub)
			}
		})
	}
}

// FuzzDecode checks Decode never panics on any input.
func FuzzDecode(f *testing.F) {
	data, _ := json.Marshal(sample())
	f.Add(string(data))
	f.Add(`{"schema":"mytune.advice/v1","profile":{"schema":"mytune.profile/v1"}}`)
	f.Add(`{"schema":"mytune.profile/v1","storage":{"rand_write":[{"threads":"x"}]}}`)
	f.Fuzz(func(t *testing.T, s string) {
		_, _ = Decode(strings.NewReader(s))
	})
}

// TestDecodeWithoutMeasured: a v1 profile written without "measured"
// (added after the first contract) that holds figures reads as measured;
// one with "measured": false stays unmeasured.
func TestDecodeWithoutMeasured(t *testing.T) {
	for _, c := range []struct {
		name, storage string
		want          bool
	}{
		{"figures, no field", `{"path": "/d", "seq_write": {"mb_per_s": 120}}`, true},
		{"no figures, no field", `{"path": "/d"}`, false},
		{"figures, field false", `{"path": "/d", "measured": false, "seq_write": {"mb_per_s": 120}}`, false},
	} {
		p, err := Decode(strings.NewReader(`{"schema": "mytune.profile/v1", "storage": ` + c.storage + `}`))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if p.Storage.Measured != c.want {
			t.Errorf("%s: measured %v, want %v", c.name, p.Storage.Measured, c.want)
		}
	}
}

// TestDecodeInstalledUnread: a profile saved before installed_servers
// existed (absent, or null) does not say what the host has installed, so
// an empty list must not read as "none installed"; [] (what mytune writes
// when it found none) and a list do.
func TestDecodeInstalledUnread(t *testing.T) {
	for _, c := range []struct {
		name, field string
		want        bool
	}{
		{"absent (mytune before installed_servers)", ``, true},
		{"null", `, "installed_servers": null`, true},
		{"[]: looked, none found", `, "installed_servers": []`, false},
		{"one found", `, "installed_servers": [{"path": "/usr/sbin/mariadbd", "flavor": "mariadb", "version": "10.11.19"}]`, false},
		// a live server names the target: the installed ones do not matter
		{"absent, with a live server", `, "server": {"reachable": true, "flavor": "mariadb", "version": "10.11.19"}`, false},
		// an advice saved from such a profile writes [] and keeps the gap
		{"[] and the gap", `, "installed_servers": [], "gaps": [{"probe": "installed_servers", "reason": "saved by …"}]`, true},
	} {
		p, err := Decode(strings.NewReader(`{"schema": "mytune.profile/v1", "storage": {"path": "/d"}` + c.field + `}`))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if p.InstalledUnread() != c.want {
			t.Errorf("%s: InstalledUnread %v, want %v", c.name, p.InstalledUnread(), c.want)
		}
	}
}

// TestDecodeWithBOM: a saved profile, advice or calibration opened and
// saved again in an editor that writes a UTF-8 byte order mark (Windows
// Notepad) was refused as "invalid character 'ï' looking for beginning
// of value" (review r17); it reads as without the mark.
func TestDecodeWithBOM(t *testing.T) {
	const bom = "\xef\xbb\xbf"
	prof := `{"schema": "mytune.profile/v1", "storage": {"path": "/d"}}`
	cal := `{"schema": "mytune.calibrate.dump/v1", "points": [{"threads": 1, "mb_per_s": 2}], "choice": {"threads": 1}}`
	for _, c := range []struct {
		name, in string
		decode   func(string) error
	}{
		{"profile", bom + prof, func(s string) error { _, err := Decode(strings.NewReader(s)); return err }},
		{"advice", bom + `{"schema": "mytune.advice/v1", "profile": ` + prof + `}`, func(s string) error { _, err := Decode(strings.NewReader(s)); return err }},
		{"calibration", bom + cal, func(s string) error { _, err := DecodeDumpCalibration(strings.NewReader(s)); return err }},
	} {
		if err := c.decode(c.in); err != nil {
			t.Errorf("%s with a byte order mark: %v", c.name, err)
		}
	}
}
