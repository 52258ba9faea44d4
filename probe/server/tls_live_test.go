package server

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mytune/mytune/internal/testmariadb"
)

// TestTLSLive connects to a real MariaDB with TLS (a test CA; the server's
// certificate names only DNS:localhost) as an account that REQUIREs SSL
// (QA: without --ssl-mode mytune never offered TLS and was refused;
// VERIFY_CA checked the host name; -h localhost checked "127.0.0.1").
func TestTLSLive(t *testing.T) {
	dir := t.TempDir()
	ca := writeTestPKI(t, dir)
	srv := testmariadb.StartWith(t, "--ssl-ca="+ca, "--ssl-cert="+filepath.Join(dir, "server.pem"), "--ssl-key="+filepath.Join(dir, "server-key.pem"))
	root, err := srv.Root()
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	for _, host := range []string{"%", "localhost"} {
		if _, err := root.Exec("CREATE USER 'tls_only'@'" + host + "' IDENTIFIED BY 'pw-tls' REQUIRE SSL"); err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct {
		name, host, mode, ca string
		fails                string // "" when it connects (over TLS)
	}{
		{"no mode: TLS preferred, the account gets in", "127.0.0.1", "", "", ""},
		{"DISABLED: the account is refused", "127.0.0.1", "DISABLED", "", "access denied"},
		{"VERIFY_CA checks the chain, not the name (127.0.0.1)", "127.0.0.1", "VERIFY_CA", ca, ""},
		{"a CA alone is VERIFY_CA", "127.0.0.1", "", ca, ""},
		{"VERIFY_IDENTITY with -h localhost checks localhost", "localhost", "VERIFY_IDENTITY", ca, ""},
		{"VERIFY_IDENTITY with -h 127.0.0.1: the name is not in the certificate", "127.0.0.1", "VERIFY_IDENTITY", ca, "127.0.0.1"},
		{"VERIFY_CA against another CA fails", "127.0.0.1", "VERIFY_CA", writeOtherCA(t), "certificate signed by unknown authority"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			conn, err := ResolveConn(ConnOptions{Host: c.host, Port: srv.Port, User: "tls_only", Password: "pw-tls", PasswordGiven: true,
				SSLMode: c.mode, SSLCA: c.ca}, envMap(map[string]string{DiscoveryEnv: "off"}), "")
			if err != nil {
				t.Fatal(err)
			}
			db, err := Open(t.Context(), conn, OpenOptions{MaxConns: 1})
			if c.fails != "" {
				if err == nil || !strings.Contains(strings.ToLower(err.Error()), strings.ToLower(c.fails)) {
					t.Fatalf("got %v, want an error with %q", err, c.fails)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			var name, cipher string
			if err := db.QueryRow("/* mytune */ SHOW SESSION STATUS LIKE 'Ssl_cipher'").Scan(&name, &cipher); err != nil || cipher == "" {
				t.Errorf("Ssl_cipher %q (%v): the connection is not encrypted", cipher, err)
			}
		})
	}
}

// writeTestPKI writes a CA and a server certificate for DNS:localhost
// into dir and returns the CA file.
func writeTestPKI(t *testing.T, dir string) string {
	t.Helper()
	caKey, caCert, caDER := newCA(t, "mytune test CA")
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "localhost"}, DNSNames: []string{"localhost"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		KeyUsage: x509.KeyUsageDigitalSignature | x509.KeyUsageKeyEncipherment, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, caCert, &key.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	writePEM(t, filepath.Join(dir, "server.pem"), "CERTIFICATE", der)
	writePEM(t, filepath.Join(dir, "server-key.pem"), "RSA PRIVATE KEY", x509.MarshalPKCS1PrivateKey(key))
	writePEM(t, filepath.Join(dir, "ca.pem"), "CERTIFICATE", caDER)
	return filepath.Join(dir, "ca.pem")
}

// writeOtherCA writes a CA that signed nothing the server has.
func writeOtherCA(t *testing.T) string {
	_, _, der := newCA(t, "another CA")
	path := filepath.Join(t.TempDir(), "other.pem")
	writePEM(t, path, "CERTIFICATE", der)
	return path
}

func newCA(t *testing.T, name string) (*rsa.PrivateKey, *x509.Certificate, []byte) {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: name}, IsCA: true, BasicConstraintsValid: true,
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour), KeyUsage: x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	return key, cert, der
}

func writePEM(t *testing.T, path, kind string, der []byte) {
	t.Helper()
	if err := os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: kind, Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
}
