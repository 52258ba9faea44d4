package server

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"os"
	"strings"
	"sync/atomic"

	"github.com/go-sql-driver/mysql"

	"github.com/mytune/mytune/probe/mycnf"
	"github.com/mytune/mytune/profile"
)

// SSL modes, as the mysql client's --ssl-mode names them (MySQL 8.4
// manual, "Command Options for Encrypted Connections").
const (
	SSLDisabled       = "DISABLED"
	SSLPreferred      = "PREFERRED"
	SSLRequired       = "REQUIRED"
	SSLVerifyCA       = "VERIFY_CA"
	SSLVerifyIdentity = "VERIFY_IDENTITY"
)

// NormalSSLMode is mode upper-cased when it is one of the five, else "".
func NormalSSLMode(mode string) string {
	switch m := strings.ToUpper(strings.TrimSpace(mode)); m {
	case SSLDisabled, SSLPreferred, SSLRequired, SSLVerifyCA, SSLVerifyIdentity:
		return m
	}
	return ""
}

// sslFromFile reads the TLS options of the client groups of an option
// file: ssl-mode (MySQL), else MariaDB's ssl-verify-server-cert
// (VERIFY_IDENTITY) and ssl / skip-ssl (REQUIRED / DISABLED, the MariaDB
// client's --ssl); and ssl-ca.
func sslFromFile(file mycnf.Options) (mode, ca string) {
	if v, ok := file.Get("ssl_ca"); ok {
		ca = v.Value
	}
	if v, ok := file.Get("ssl_mode"); ok {
		return NormalSSLMode(v.Value), ca
	}
	if v, ok := file.Get("ssl_verify_server_cert"); ok && onOrBare(v) {
		return SSLVerifyIdentity, ca
	}
	if v, ok := file.Get("ssl"); ok {
		if onOrBare(v) {
			return SSLRequired, ca
		}
		return SSLDisabled, ca
	}
	return "", ca
}

// onOrBare is true for a bare option ("ssl") or one set to a true value.
func onOrBare(o mycnf.Option) bool {
	if !o.HasValue {
		return true
	}
	on, err := profile.ParseBool(o.Value)
	return err == nil && on
}

// tlsSeq numbers the TLS configurations registered with the driver.
var tlsSeq atomic.Int64

// tlsFor is the driver's tls parameter for endpoint ep: a DSN's own, else
// from c.SSLMode. Without a mode a TCP connection prefers TLS, as the
// mysql client does (PREFERRED is its default; a Unix socket needs none).
// VERIFY_CA checks the certificate chain only; VERIFY_IDENTITY also the
// host name as the user gave it (localhost stays localhost, though mytune
// dials 127.0.0.1). Both trust c.SSLCA when given, else the system's CAs.
func (c Conn) tlsFor(ep Endpoint) (string, error) {
	if c.TLS != "" {
		return c.TLS, nil
	}
	switch c.SSLMode {
	case SSLDisabled:
		return "false", nil
	case SSLRequired:
		return "skip-verify", nil
	case SSLVerifyCA, SSLVerifyIdentity:
		return c.registerVerify(ep)
	case SSLPreferred:
		return "preferred", nil
	}
	if ep.Net == "tcp" {
		return "preferred", nil
	}
	return "", nil
}

// registerVerify registers a verifying TLS configuration for ep and
// returns its name.
func (c Conn) registerVerify(ep Endpoint) (string, error) {
	roots, err := caPool(c.SSLCA)
	if err != nil {
		return "", err
	}
	cfg := &tls.Config{RootCAs: roots, MinVersion: tls.VersionTLS12}
	if c.SSLMode == SSLVerifyCA {
		// the chain is checked here, the name is not (InsecureSkipVerify
		// only turns off Go's own check, which would check both)
		cfg.InsecureSkipVerify = true
		cfg.VerifyPeerCertificate = verifyChain(roots)
	} else {
		cfg.ServerName = c.serverName(ep)
	}
	name := fmt.Sprintf("mytune-%d", tlsSeq.Add(1))
	if err := mysql.RegisterTLSConfig(name, cfg); err != nil {
		return "", fmt.Errorf("setting up TLS: %w", err)
	}
	return name, nil
}

// serverName is the host name a certificate must carry: the host the
// user gave (c.HostGiven: "localhost" is dialled as 127.0.0.1), else the
// endpoint's host.
func (c Conn) serverName(ep Endpoint) string {
	if c.HostGiven != "" {
		return c.HostGiven
	}
	host, _, err := net.SplitHostPort(ep.Addr)
	if err != nil {
		return ep.Addr
	}
	return host
}

// caPool is the CA certificates of file (PEM), or the system's when file
// is "".
func caPool(file string) (*x509.CertPool, error) {
	if file == "" {
		pool, err := x509.SystemCertPool()
		if err != nil {
			return nil, fmt.Errorf("reading the system's CA certificates for --ssl-mode VERIFY_*: %w (give --ssl-ca FILE)", err)
		}
		return pool, nil
	}
	pem, err := os.ReadFile(file)
	if err != nil {
		return nil, &CAFileError{File: file, Err: err}
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(pem) {
		return nil, &CAFileError{File: file, Err: errors.New("it holds no PEM certificate")}
	}
	return pool, nil
}

// verifyChain checks that the server's certificate chains to roots,
// whatever names it carries (--ssl-mode VERIFY_CA).
func verifyChain(roots *x509.CertPool) func([][]byte, [][]*x509.Certificate) error {
	return func(raw [][]byte, _ [][]*x509.Certificate) error {
		if len(raw) == 0 {
			return errors.New("the server sent no certificate")
		}
		certs := make([]*x509.Certificate, len(raw))
		for i, r := range raw {
			c, err := x509.ParseCertificate(r)
			if err != nil {
				return fmt.Errorf("the server's certificate: %w", err)
			}
			certs[i] = c
		}
		inter := x509.NewCertPool()
		for _, c := range certs[1:] {
			inter.AddCert(c)
		}
		_, err := certs[0].Verify(x509.VerifyOptions{Roots: roots, Intermediates: inter})
		return err
	}
}
