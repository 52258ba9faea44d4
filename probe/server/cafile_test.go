package server

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mytune/mytune/internal/usage"
)

// TestCAFileErrorNotUnreachable: a --ssl-ca file that is missing or holds
// no PEM certificate is bad input (exit 2) naming the file, for Dial (probe,
// advise) and Open (calibrate) alike, not a server that did not answer
// (review r8: advise --ssl-ca /nonexist -h 127.0.0.1 -P 3410, a server
// listening there, exited 1 with "check that a server listens on
// 127.0.0.1:3410 (port, bind_address, firewall)"; over -S, "check that the
// server runs").
func TestCAFileErrorNotUnreachable(t *testing.T) {
	notPEM := filepath.Join(t.TempDir(), "ca.json")
	if err := os.WriteFile(notPEM, []byte(`{"schema": "mytune.profile/v1"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	eps := []Endpoint{{Net: "tcp", Addr: "127.0.0.1:1"}, {Net: "unix", Addr: "/nonexistent/mysqld.sock"}}
	cases := []struct {
		name, ca, mode, want string
	}{
		{"missing file, VERIFY_CA", "/nonexistent/ca.pem", SSLVerifyCA, "no such file"},
		{"missing file, VERIFY_IDENTITY", "/nonexistent/ca.pem", SSLVerifyIdentity, "no such file"},
		{"not a PEM file", notPEM, SSLVerifyCA, "holds no PEM certificate"},
	}
	for _, c := range cases {
		for _, ep := range eps {
			conn := Conn{Endpoints: []Endpoint{ep}, SSLMode: c.mode, SSLCA: c.ca, ConnectTimeout: DefaultConnectTimeout, QueryTimeout: DefaultQueryTimeout}
			_, dialErr := Dial(context.Background(), conn)
			_, openErr := Open(context.Background(), conn, OpenOptions{})
			for which, err := range map[string]error{"Dial": dialErr, "Open": openErr} {
				var ce *CAFileError
				var ue *UnreachableError
				if !errors.As(err, &ce) || errors.As(err, &ue) || !usage.Is(err) ||
					!strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), c.ca) {
					t.Errorf("%s, %s over %s: %v, want a usage error naming %s (%q)", c.name, which, ep.Net, err, c.ca, c.want)
				}
			}
		}
	}
}
