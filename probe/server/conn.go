package server

import (
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/mytune/mytune/probe/mycnf"
)

// Timeouts used when the caller gives none.
const (
	// DefaultConnectTimeout bounds dialing and the handshake, so that a
	// dead host fails within it.
	DefaultConnectTimeout = 5 * time.Second
	// DefaultQueryTimeout bounds each query; the same value is written
	// into the MAX_EXECUTION_TIME hints of queries.go.
	DefaultQueryTimeout = 10 * time.Second
	// DefaultRedoSample is the gap between the two redo counter readings.
	DefaultRedoSample = 2 * time.Second
	// defaultPort is MySQL's registered TCP port.
	defaultPort = 3306
)

// DiscoveryEnv names the environment variable that, set to "off" (or 0,
// false, no), turns the quiet search for a server off: only the server
// that flags, --config or MYTUNE_* name is tried; ~/.my.cnf,
// MYSQL_HOST/MYSQL_TCP_PORT/MYSQL_UNIX_PORT, LocalSockets and
// 127.0.0.1:3306 are not. Tests set it so they never touch a server the
// machine runs for itself.
const DiscoveryEnv = "MYTUNE_DISCOVERY"

// DiscoveryOff reports whether the value of DiscoveryEnv turns the search off.
func DiscoveryOff(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "off", "0", "false", "no":
		return true
	}
	return false
}

// DiscoveryValid reports whether v is a value DiscoveryEnv takes: off,
// 0, false, no (off) or on, 1, true, yes or empty (on), any case.
func DiscoveryValid(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "off", "0", "false", "no", "on", "1", "true", "yes", "":
		return true
	}
	return false
}

// LocalSockets are the usual Unix socket paths of Debian/Ubuntu, older
// packages and RPM-based systems, tried in this order.
var LocalSockets = []string{"/run/mysqld/mysqld.sock", "/var/run/mysqld/mysqld.sock", "/tmp/mysql.sock", "/var/lib/mysql/mysql.sock"}

// ConnOptions are the server flags as the user gave them; zero values
// mean "not given".
type ConnOptions struct {
	Host                      string
	Port                      int
	User, Password            string
	PasswordGiven             bool
	Socket, DefaultsFile, DSN string
	// SSLMode is --ssl-mode as given (NormalSSLMode checks it); SSLCA the
	// --ssl-ca file.
	SSLMode, SSLCA               string
	ConnectTimeout, QueryTimeout time.Duration
}

// Endpoint is one address to try: Net "unix" with a socket path or "tcp"
// with host:port.
type Endpoint struct{ Net, Addr string }

// String is the endpoint as "net addr" ("tcp 127.0.0.1:3306").
func (e Endpoint) String() string { return e.Net + " " + e.Addr }

// OnThisHost reports whether the endpoint is on this machine: a Unix
// socket, a loopback address or "localhost", or an address of one of this
// machine's interfaces. Anything else (a name, another address) counts as
// another machine.
func (e Endpoint) OnThisHost() bool {
	if e.Net == "unix" {
		return true
	}
	host, _, err := net.SplitHostPort(e.Addr)
	if err != nil {
		host = e.Addr
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	if ip == nil {
		return false
	}
	if ip.IsLoopback() {
		return true
	}
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return false
	}
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && n.IP.Equal(ip) {
			return true
		}
	}
	return false
}

// Conn is a resolved connection: where to connect and as whom. Its
// password is unexported and never printed.
type Conn struct {
	Endpoints   []Endpoint
	User        string
	password    string
	usePassword bool
	// TLS is a --dsn's own tls parameter ("" when it has none).
	TLS string
	// SSLMode is the mysql client's --ssl-mode in force (flag, else the
	// option file; "" for none: TCP then prefers TLS), SSLCA the CA file
	// VERIFY_* trust, HostGiven the host as the user named it (the name
	// VERIFY_IDENTITY checks).
	SSLMode, SSLCA, HostGiven    string
	ConnectTimeout, QueryTimeout time.Duration
	// RedoSample is the gap between the two redo counter readings; a
	// negative value skips sampling (the lifetime average is used).
	RedoSample time.Duration
	// Ask are the character sets and collations to ask the server about
	// (a dump's): the answers are Server.CharsetsKnown and CollationsKnown.
	Ask NamesAsked
	// From lists where settings came from ("--defaults-file /x.cnf", "MYSQL_PWD").
	From []string
	// Notes say what was left out on the way, for the user (an
	// ~/.my.cnf that could not be opened).
	Notes []string
}

// String describes the connection without its password.
func (c Conn) String() string {
	eps := make([]string, len(c.Endpoints))
	for i, e := range c.Endpoints {
		eps[i] = e.String()
	}
	return fmt.Sprintf("%s@[%s] (using password: %s)", c.User, strings.Join(eps, ", "), yesNo(c.usePassword))
}

// GoString keeps %#v from printing the password.
func (c Conn) GoString() string { return "server.Conn{" + c.String() + "}" }

func yesNo(b bool) string {
	if b {
		return "YES"
	}
	return "NO"
}

// ResolveConn works out the connection the way the mysql client does:
// --dsn alone if given; else flags over the option file (--defaults-file,
// or home/.my.cnf; the groups the mariadb client reads, mycnf.ClientGroups)
// over the environment (MYSQL_PWD, MYSQL_HOST, MYSQL_TCP_PORT,
// MYSQL_UNIX_PORT, USER). Without
// host and socket it tries LocalSockets that exist, then 127.0.0.1:3306.
// With DiscoveryEnv off, home, the MYSQL_HOST/PORT/UNIX_PORT variables and
// those defaults are left out: no host, port or socket given means no
// endpoint at all.
func ResolveConn(o ConnOptions, env func(string) string, home string) (Conn, error) {
	discover := !DiscoveryOff(env(DiscoveryEnv))
	if !discover {
		home = ""
		env = withoutLocation(env)
	}
	c := newConn(o)
	if o.DSN != "" {
		return fromDSN(c, o.DSN)
	}
	file, notes, err := clientFiles(o.DefaultsFile, home, env)
	if err != nil {
		return Conn{}, err
	}
	pick := func(flag, cnfKey, envKey string) string {
		if flag != "" {
			return flag
		}
		if v, ok := file.Get(cnfKey); ok {
			return v.Value
		}
		if envKey != "" {
			return env(envKey)
		}
		return ""
	}
	c.User = firstNonEmpty(pick(o.User, "user", "USER"), env("LOGNAME"), "root")
	c.password, c.usePassword = resolvePassword(o, file, env)
	fileMode, fileCA := sslFromFile(file)
	c.SSLMode, c.SSLCA = firstNonEmpty(c.SSLMode, fileMode), firstNonEmpty(c.SSLCA, fileCA)
	if c.SSLMode == "" && c.SSLCA != "" {
		c.SSLMode = SSLVerifyCA // a CA given without a mode asks for the chain to be checked
	}
	if o.ConnectTimeout <= 0 {
		// connect_timeout in the option file may shorten, never lengthen, the default.
		if s, err := strconv.Atoi(pick("", "connect_timeout", "")); err == nil && s > 0 && s < 5 {
			c.ConnectTimeout = time.Duration(s) * time.Second
		}
	}
	port := o.Port
	if port <= 0 {
		port, _ = strconv.Atoi(pick("", "port", "MYSQL_TCP_PORT"))
	}
	if port <= 0 {
		port = defaultPort
	}
	c.HostGiven = pick(o.Host, "host", "MYSQL_HOST")
	host, socket := portImpliesTCP(o, c.HostGiven, pick(o.Socket, "socket", "MYSQL_UNIX_PORT"))
	if discover || host != "" || socket != "" || o.Port > 0 || port != defaultPort {
		c.Endpoints = endpoints(host, socket, port, discover)
	}
	c.From, c.Notes = append(c.From, file.Files...), notes
	if !o.PasswordGiven && c.usePassword {
		if _, ok := file.Get("password"); !ok {
			c.From = append(c.From, "MYSQL_PWD")
		}
	}
	return c, nil
}

// newConn is a Conn with o's timeouts and TLS, the defaults where o has none.
func newConn(o ConnOptions) Conn {
	c := Conn{ConnectTimeout: o.ConnectTimeout, QueryTimeout: o.QueryTimeout, SSLMode: NormalSSLMode(o.SSLMode), SSLCA: o.SSLCA}
	if c.ConnectTimeout <= 0 {
		c.ConnectTimeout = DefaultConnectTimeout
	}
	if c.QueryTimeout <= 0 {
		c.QueryTimeout = DefaultQueryTimeout
	}
	return c
}

// resolvePassword: the flag, else the option file, else MYSQL_PWD.
func resolvePassword(o ConnOptions, file mycnf.Options, env func(string) string) (string, bool) {
	if o.PasswordGiven {
		return o.Password, true
	}
	if v, ok := file.Get("password"); ok {
		return v.Value, true
	}
	if pw := env("MYSQL_PWD"); pw != "" {
		return pw, true
	}
	return "", false
}

// clientOptions reads the client groups (mycnf.ClientGroups) of --defaults-file
// (which must exist and be readable: the mysql client stops with "Could
// not open required defaults file") or of home/.my.cnf when it can be
// opened; one that exists but cannot be (mysys my_default.cc skips it
// silently) is skipped with a note.
func clientOptions(defaultsFile, home string) (opts mycnf.Options, notes []string, err error) {
	groups := mycnf.ClientGroups
	if defaultsFile != "" {
		opts, err := mycnf.ParseConfig(defaultsFile, groups, mycnf.Config{Headerless: mycnf.HeaderlessIgnore, Strict: true})
		if errors.Is(err, fs.ErrPermission) || errors.Is(err, fs.ErrNotExist) {
			return mycnf.Options{}, nil, fmt.Errorf("--defaults-file: could not open required defaults file %s: %w", defaultsFile, err)
		}
		if err != nil {
			return mycnf.Options{}, nil, fmt.Errorf("--defaults-file: %w", err)
		}
		return opts, skippedFiles(opts), nil
	}
	if home == "" {
		return mycnf.Options{}, nil, nil
	}
	path := filepath.Join(home, ".my.cnf")
	if note, ok := quietFileNote(path); !ok {
		if note == "" {
			return mycnf.Options{}, nil, nil
		}
		return mycnf.Options{}, []string{note}, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return mycnf.Options{}, []string{fmt.Sprintf("%s is skipped, as the mysql client skips it: %v "+
			"(pass --defaults-file, or run as the user it belongs to, to read it)", path, err)}, nil
	}
	f.Close()
	opts, err = mycnf.ParseConfig(path, groups, mycnf.Config{Headerless: mycnf.HeaderlessIgnore, Strict: true})
	if err != nil {
		return mycnf.Options{}, nil, fmt.Errorf("reading %s (fix it, or pass --defaults-file): %w", path, err)
	}
	return opts, skippedFiles(opts), nil
}

// withoutLocation hides the environment variables that name a server's
// address, keeping credentials (MYSQL_PWD, USER).
func withoutLocation(env func(string) string) func(string) string {
	return func(k string) string {
		switch k {
		case "MYSQL_HOST", "MYSQL_TCP_PORT", "MYSQL_UNIX_PORT":
			return ""
		}
		return env(k)
	}
}

// endpoints decides where to connect: a socket for no host or
// "localhost", TCP otherwise; with neither, the local sockets that exist
// (when discover is true) and then TCP on 127.0.0.1. An IPv6 address may
// come in brackets, as URLs write it (-h '[::1]'): they are taken off
// (review r11: [::1] was dialled as "[[::1]]:3440" and go-sql-driver
// then added :3306, "address [[[::1]]:3440]:3306: missing port").
func endpoints(host, socket string, port int, discover bool) []Endpoint {
	if len(host) > 2 && host[0] == '[' && host[len(host)-1] == ']' {
		host = host[1 : len(host)-1]
	}
	local := host == "" || host == "localhost"
	if socket != "" && local {
		return []Endpoint{{"unix", socket}}
	}
	if !local {
		return []Endpoint{{"tcp", net.JoinHostPort(host, strconv.Itoa(port))}}
	}
	var eps []Endpoint
	if discover {
		for _, s := range LocalSockets {
			if st, err := os.Stat(s); err == nil && st.Mode()&fs.ModeSocket != 0 {
				eps = append(eps, Endpoint{"unix", s})
			}
		}
	}
	return append(eps, Endpoint{"tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port))})
}

// fromDSN takes everything from a go-sql-driver DSN
// ("user:pass@tcp(host:3306)/" or "user@unix(/run/mysqld/mysqld.sock)/").
func fromDSN(c Conn, dsn string) (Conn, error) {
	cfg, err := mysql.ParseDSN(dsn)
	if err != nil {
		return Conn{}, fmt.Errorf("--dsn is not a valid DSN (e.g. user@tcp(127.0.0.1:3306)/): %s", redact(err.Error(), dsnPassword(dsn)))
	}
	c.User, c.password, c.usePassword = cfg.User, cfg.Passwd, cfg.Passwd != ""
	c.Endpoints = []Endpoint{{cfg.Net, cfg.Addr}}
	c.TLS = cfg.TLSConfig
	if c.SSLMode == "" && c.SSLCA != "" {
		c.SSLMode = SSLVerifyCA
	}
	c.From = []string{"--dsn"}
	return c, nil
}

// dsnPassword extracts the password part of a DSN, for redaction only.
func dsnPassword(dsn string) string {
	at := strings.LastIndex(dsn, "@")
	if at < 0 {
		return ""
	}
	_, pw, ok := strings.Cut(dsn[:at], ":")
	if !ok {
		return ""
	}
	return pw
}

func firstNonEmpty(vals ...string) string {
	for _, v := range vals {
		if v != "" {
			return v
		}
	}
	return ""
}
