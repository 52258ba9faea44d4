package connflags

import (
	"net"
	"path/filepath"

	"github.com/go-sql-driver/mysql"

	"github.com/mytune/mytune/internal/shellquote"
)

// dsnModes maps a DSN's tls parameter to the --ssl-mode that asks for the
// same; a configuration registered by name has none.
var dsnModes = map[string]string{"true": "VERIFY_IDENTITY", "skip-verify": "REQUIRED", "preferred": "PREFERRED", "false": "DISABLED"}

// dsnWords is the server flags that reach the server a --dsn names: -h and
// -P (or -S), -u, -p alone when the DSN holds a password (a prompt: the
// password itself is never printed) and --ssl-mode for its tls. Without
// them a printed mytune line went to the default socket or
// 127.0.0.1:3306, another server than the one advised (review r15).
// nil when dsn does not parse.
func dsnWords(dsn string) []string {
	cfg, err := mysql.ParseDSN(dsn)
	if err != nil {
		return nil
	}
	var words []string
	switch host, port, err := net.SplitHostPort(cfg.Addr); {
	case cfg.Net == "unix":
		words = append(words, "-S", shellquote.Word(cfg.Addr))
	case err == nil:
		words = append(words, "-h", shellquote.Word(host), "-P", shellquote.Word(port))
	default:
		words = append(words, "-h", shellquote.Word(cfg.Addr))
	}
	if cfg.User != "" {
		words = append(words, "-u", shellquote.Word(cfg.User))
	}
	if cfg.Passwd != "" {
		words = append(words, "-p")
	}
	if mode, ok := dsnModes[cfg.TLSConfig]; ok {
		words = append(words, "--ssl-mode", mode)
	}
	return words
}

// tlsWords is --ssl-mode and --ssl-ca as set (the CA's path made
// absolute), which a --dsn without a tls parameter is read with.
func (s Source) tlsWords() []string {
	var words []string
	if v := s.V.GetString("ssl-mode"); s.V.IsSet("ssl-mode") && v != "" {
		words = append(words, "--ssl-mode", shellquote.Word(v))
	}
	if v := s.V.GetString("ssl-ca"); s.V.IsSet("ssl-ca") && v != "" {
		if abs, err := filepath.Abs(v); err == nil {
			v = abs
		}
		words = append(words, "--ssl-ca", shellquote.Word(v))
	}
	return words
}
