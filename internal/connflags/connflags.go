// Package connflags names a MySQL/MariaDB server the way the mysql client
// does, for mytune's commands: the flags spelled as the client spells them
// (-h, -P, -u, -p, -S, --defaults-file, --ssl-mode), the password glued to
// -p, the prompt for -p alone, and which settings name a server (one that
// does not answer is then an error) rather than leave mytune to look for
// one. It turns flags and the merged configuration into a server.Conn; it
// connects to nothing.
package connflags

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"
	"github.com/spf13/viper"
	"golang.org/x/term"

	"github.com/mytune/mytune/internal/usage"
	"github.com/mytune/mytune/probe/server"
)

// PromptMarker is the value -p takes when given without one: prompt. It is
// readable because pflag prints it in the help: --password string[="(prompt)"].
const PromptMarker = "(prompt)"

// InsecurePasswordWarning is printed when a password is on the command line.
const InsecurePasswordWarning = "mytune: warning: giving a password on the command line is insecure; use -p, MYSQL_PWD or ~/.my.cnf"

// Add registers the server flags, spelled as the mysql client spells them.
// -h is the host: the root command defines --help without a shorthand.
// -pSECRET works as in the client once the arguments went through
// RewriteArgs.
func Add(fs *pflag.FlagSet) {
	fs.StringP("host", "h", "", "server host (default: the usual local sockets, then 127.0.0.1)")
	fs.IntP("port", "P", 0, "server TCP port (default 3306)")
	fs.StringP("user", "u", "", "server account (default: ~/.my.cnf, then $USER)")
	fs.StringP("password", "p", "", "password; -p alone prompts on the terminal (prefer MYSQL_PWD or ~/.my.cnf)")
	fs.Lookup("password").NoOptDefVal = PromptMarker
	fs.StringP("socket", "S", "", "server Unix socket")
	fs.String("defaults-file", "", "read client options only from this file (instead of ~/.my.cnf): [client], [mysql], [client-server], [client-mariadb], [mariadb-client], as the mariadb client does")
	fs.String("dsn", "", "go-sql-driver DSN, e.g. user@tcp(127.0.0.1:3306)/ (overrides the other server flags)")
	fs.Duration("connect-timeout", server.DefaultConnectTimeout, "give up connecting after this long")
	fs.String("ssl-mode", "", "TLS as the mysql client says it: DISABLED|PREFERRED|REQUIRED|VERIFY_CA|VERIFY_IDENTITY (default PREFERRED over TCP)")
	fs.String("ssl-ca", "", "the CA certificate (PEM) VERIFY_CA and VERIFY_IDENTITY trust, instead of the system's; alone it means VERIFY_CA")
	fs.Bool("no-server", false, "do not try to read a server")
}

// RewriteArgs rewrites -pSECRET (the mysql client's spelling: the password
// glued to -p) into --password=SECRET, which the flag parser would
// otherwise read as the shorthands -p -S -E …. Nothing after "--" changes.
func RewriteArgs(args []string) []string {
	out := make([]string, len(args))
	copy(out, args)
	for i, a := range out {
		if a == "--" {
			break
		}
		if len(a) > 2 && strings.HasPrefix(a, "-p") && a[2] != '=' {
			out[i] = "--password=" + a[2:]
		}
	}
	return out
}

// Source is where the server settings come from: the merged configuration
// (flags, MYTUNE_* and --config, bound into V), the parsed flags (to tell
// the command line apart), and the streams for the password prompt and
// the warning about a password on the command line.
type Source struct {
	V      *viper.Viper
	Flags  *pflag.FlagSet
	Stdin  io.Reader
	Stderr io.Writer
	// StdinTakenBy names the flag that reads standard input for its own
	// document ("--from -"), so that -p does not read its password there.
	StdinTakenBy string
}

// Resolve turns the settings, ~/.my.cnf and MYSQL_PWD into the connection
// to try, as the mysql client would. Bad settings are usage errors.
func (s Source) Resolve() (server.Conn, error) {
	o, err := s.Options()
	if err != nil {
		return server.Conn{}, err
	}
	home, _ := os.UserHomeDir()
	conn, err := server.ResolveConn(o, os.Getenv, home)
	if err != nil {
		return server.Conn{}, usage.Wrap(err)
	}
	for _, n := range conn.Notes {
		if s.Stderr != nil {
			fmt.Fprintln(s.Stderr, "mytune: note: "+n)
		}
	}
	return conn, nil
}

// Options gathers the server settings, checks them and reads the password
// (prompting for -p alone).
func (s Source) Options() (server.ConnOptions, error) {
	v := s.V
	o := server.ConnOptions{
		Host: v.GetString("host"), Port: v.GetInt("port"), User: v.GetString("user"),
		Socket: v.GetString("socket"), DefaultsFile: v.GetString("defaults-file"), DSN: v.GetString("dsn"),
		ConnectTimeout: v.GetDuration("connect-timeout"),
	}
	if raw := strings.TrimSpace(v.GetString("port")); raw != "" {
		if n, err := strconv.Atoi(raw); err != nil || n != o.Port {
			return o, usage.Errorf("--port %q (from the flag, MYTUNE_PORT or the config file) is not a TCP port number (1-65535)", raw)
		}
	}
	if o.Port < 0 || o.Port > 65535 {
		return o, usage.Errorf("--port %d is not a TCP port (1-65535)", o.Port)
	}
	if err := checkHost(o.Host); err != nil {
		return o, err
	}
	if o.ConnectTimeout < 0 || o.ConnectTimeout > time.Hour {
		return o, usage.Errorf("--connect-timeout %s must be between 0 and 1h", o.ConnectTimeout)
	}
	if mode := v.GetString("ssl-mode"); mode != "" {
		if o.SSLMode = server.NormalSSLMode(mode); o.SSLMode == "" {
			return o, usage.Errorf("--ssl-mode %q: choose DISABLED, PREFERRED, REQUIRED, VERIFY_CA or VERIFY_IDENTITY", mode)
		}
	}
	o.SSLCA = v.GetString("ssl-ca")
	pw := v.GetString("password")
	onCommandLine := s.Flags.Changed("password")
	switch {
	case pw == PromptMarker:
		got, err := s.promptPassword()
		if err != nil {
			return o, err
		}
		o.Password, o.PasswordGiven = got, true
	case onCommandLine || pw != "":
		if onCommandLine {
			fmt.Fprintln(s.Stderr, InsecurePasswordWarning)
		}
		o.Password, o.PasswordGiven = pw, true
	}
	return o, nil
}

// promptPassword asks on the terminal without echo; from a pipe it reads one line.
func (s Source) promptPassword() (string, error) {
	if f, ok := s.Stdin.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		fmt.Fprint(s.Stderr, "Enter password: ")
		b, err := term.ReadPassword(int(f.Fd()))
		fmt.Fprintln(s.Stderr)
		if err != nil {
			return "", fmt.Errorf("reading the password from the terminal: %w", err)
		}
		return string(b), nil
	}
	if s.Stdin == nil {
		return "", usage.Errorf("-p needs a terminal or a password on standard input; use MYSQL_PWD or ~/.my.cnf")
	}
	if s.StdinTakenBy != "" {
		return "", usage.Errorf("-p would read the password from standard input, which %s reads: give the password "+
			"with MYSQL_PWD or ~/.my.cnf, or save the document to a file", s.StdinTakenBy)
	}
	line, err := bufio.NewReader(s.Stdin).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", fmt.Errorf("reading the password from standard input: %w", err)
	}
	return strings.TrimRight(line, "\r\n"), nil
}

// Named lists the settings by which the user named a server: -h, -P, -S,
// --dsn and --defaults-file set anywhere mytune reads settings (command
// line, --config, MYTUNE_*), and -u and -p on the command line. ~/.my.cnf,
// the MYSQL_* variables and the usual sockets are discovery.
func (s Source) Named() []string {
	var named []string
	for _, f := range []struct{ name, spell string }{
		{"host", "-h"}, {"port", "-P"}, {"socket", "-S"}, {"defaults-file", "--defaults-file"}, {"dsn", "--dsn"},
	} {
		if s.V.IsSet(f.name) {
			named = append(named, showFlag(f.spell, s.V.GetString(f.name)))
		}
	}
	if s.Flags.Changed("user") {
		named = append(named, showFlag("-u", s.V.GetString("user")))
	}
	if s.Flags.Changed("password") {
		named = append(named, "-p")
	}
	return named
}

// showFlag spells a flag with its value for an error message; --dsn may
// hold a password, so it is shown without its value.
func showFlag(spell, value string) string {
	if spell == "--dsn" || value == "" {
		return spell
	}
	return spell + " " + value
}

// checkHost refuses a -h that holds a port ("[::1]:3440", "db1:3307"):
// the mysql client takes the port with -P only, and joined with it the
// address was dialled as "[[::1]:3440]:3306" (review r11). An IPv6
// address alone has two colons or more, with or without brackets.
func checkHost(host string) error {
	addr, port := host, ""
	switch i := strings.LastIndex(host, ":"); {
	case strings.HasPrefix(host, "[") && strings.Contains(host, "]:"):
		j := strings.Index(host, "]:")
		addr, port = host[:j+1], host[j+2:]
	case i > 0 && strings.Count(host, ":") == 1:
		addr, port = host[:i], host[i+1:]
	default:
		return nil
	}
	if _, err := strconv.Atoi(port); err != nil {
		return nil // not a port: let the connection say what is wrong
	}
	return usage.Errorf("-h %q holds a port: give the host alone (-h %s) and the port with -P %s, as the mysql client takes them", host, addr, port)
}
