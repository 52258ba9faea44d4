package probe

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

func TestDatadirNote(t *testing.T) {
	root := t.TempDir()
	measured := filepath.Join(root, "measured")
	datadir := filepath.Join(root, "datadir")
	for _, d := range []string{measured, datadir} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	link := filepath.Join(root, "link")
	if err := os.Symlink(measured, link); err != nil {
		t.Fatal(err)
	}
	spaced := filepath.Join(root, "dir with spaces", "dätä ü")
	if err := os.MkdirAll(spaced, 0o755); err != nil {
		t.Fatal(err)
	}
	st := profile.Storage{Path: measured, MountPoint: "/mnt/x", Device: profile.Device{Name: "vdb"}}
	cases := []struct {
		name string
		srv  ServerDatadir
		want []string // substrings; none means no note
	}{
		{"no datadir known", ServerDatadir{Where: "unix /s", OnThisHost: true}, nil},
		{"the datadir itself", ServerDatadir{Dir: measured + "/", Where: "unix /s", OnThisHost: true}, nil},
		{"a symlink to it", ServerDatadir{Dir: link, Where: "unix /s", OnThisHost: true}, nil},
		{"same filesystem names the mount", ServerDatadir{Dir: datadir, Where: "unix /s", OnThisHost: true},
			[]string{measured + " is not the server's datadir (" + datadir + ")", "same filesystem (mount /mnt/x, vdb)", "apply"}},
		{"another filesystem says what to give", ServerDatadir{Dir: "/proc", Where: "unix /s", OnThisHost: true},
			[]string{"(/proc), which is on another filesystem", "not the server's", "--datadir /proc"}},
		{"a datadir with spaces and non-ASCII is given as one shell word (QA 16)", ServerDatadir{Dir: spaced, Where: "unix /s", OnThisHost: true},
			[]string{"give --datadir '" + spaced + "' to measure"}},
		{"not visible here", ServerDatadir{Dir: filepath.Join(root, "gone"), Where: "tcp 127.0.0.1:3306", OnThisHost: true},
			[]string{"is not visible here", "no such file", "tcp 127.0.0.1:3306"}},
		{"another machine", ServerDatadir{Dir: "/var/lib/mysql", Where: "tcp db1:3306", OnThisHost: false},
			[]string{"(tcp db1:3306) is not on this machine", "/var/lib/mysql was not measured", measured}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := st
			if c.srv.Dir == spaced {
				st.Path = "/proc" // another filesystem than the temp dir's
			}
			got := DatadirNote(st, c.srv)
			if len(c.want) == 0 {
				if got != "" {
					t.Fatalf("note %q, want none", got)
				}
				return
			}
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("note %q lacks %q", got, w)
				}
			}
		})
	}
}

func TestFromServerNote(t *testing.T) {
	got := FromServerNote(ServerDatadir{Dir: "/var/lib/mysql/", Where: "unix /run/mysqld/mysqld.sock", OnThisHost: true}, true)
	want := "no --datadir given: measured the server's datadir /var/lib/mysql/ (@@datadir of unix /run/mysqld/mysqld.sock)"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := FromServerNote(ServerDatadir{Dir: "/d", Where: "w"}, false); strings.Contains(got, "measured the") {
		t.Errorf("--no-measure note %q says measured", got)
	}
}
