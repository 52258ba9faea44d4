// Package testmariadb starts a real, throw-away MariaDB server for tests:
// its own data directory, socket and TCP port on 127.0.0.1, real
// authentication, and two accounts with known passwords.
package testmariadb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"
)

// Accounts created on every server. Full may read everything mytune
// reads (SLAVE MONITOR is what MariaDB 10.5.9+ wants for SHOW SLAVE STATUS);
// Usage has only USAGE (no privileges).
const (
	FullUser      = "mytune_full"
	FullPassword  = "Full-Secret-pw-4711"
	UsageUser     = "mytune_usage"
	UsagePassword = "Usage-Secret-pw-0815"
	// TestDatabase holds a few tables so sizes are not all zero.
	TestDatabase = "mytune_test"
)

// RequireEnv set to 1 turns "mariadbd is not installed" from a skip into a failure.
const RequireEnv = "MYTUNE_REQUIRE_MARIADB"

// readyTimeout bounds install plus start-up; mariadb-install-db takes
// about 6 s and start-up under 1 s on the project's 2-core machine.
const readyTimeout = 60 * time.Second

// Server is one running mariadbd.
type Server struct {
	Socket  string
	Port    int
	Datadir string
	dir     string
	cmd     *exec.Cmd
	exited  chan error
	once    sync.Once
}

// DSN returns a go-sql-driver DSN over TCP for the account.
func (s *Server) DSN(user, pass string) string {
	return fmt.Sprintf("%s:%s@tcp(127.0.0.1:%d)/?timeout=5s", user, pass, s.Port)
}

// Start runs a private server for this test; it stops at t.Cleanup. It
// skips the test when MariaDB is not installed, unless MYTUNE_REQUIRE_MARIADB=1.
func Start(t testing.TB) *Server { t.Helper(); return StartWith(t) }

// StartWith is Start with extra mariadbd options ("--query-cache-size=512M"),
// given after the defaults so they win.
func StartWith(t testing.TB, extra ...string) *Server {
	t.Helper()
	s, err := start(extra...)
	if err != nil {
		skipOrFail(t, err)
	}
	t.Cleanup(s.Stop)
	return s
}

// errNotInstalled marks a machine without MariaDB.
var errNotInstalled = errors.New("mariadbd or mariadb-install-db not installed (apt-get install mariadb-server)")

func skipOrFail(t testing.TB, err error) {
	t.Helper()
	if errors.Is(err, errNotInstalled) && os.Getenv(RequireEnv) != "1" {
		t.Skipf("no MariaDB for integration tests: %v (set %s=1 to make this a failure)", err, RequireEnv)
	}
	t.Fatalf("starting MariaDB: %v", err)
}

var (
	sharedOnce sync.Once
	shared     *Server
	sharedErr  error
)

// Shared returns one server for the whole test package, started on first
// use; the package's TestMain must call Main so it is stopped.
func Shared(t testing.TB) *Server {
	t.Helper()
	sharedOnce.Do(func() { shared, sharedErr = start() })
	if sharedErr != nil {
		skipOrFail(t, sharedErr)
	}
	return shared
}

// Main runs the tests of a package that uses Shared, hermetically (see
// Hermetic), and stops the shared server afterwards:
// func TestMain(m *testing.M) { os.Exit(testmariadb.Main(m)) }.
func Main(m *testing.M) int {
	Hermetic()
	code := m.Run()
	if shared != nil {
		shared.Stop()
	}
	return code
}

// findBinaries locates mariadbd (often in /usr/sbin, not on PATH) and mariadb-install-db.
func findBinaries() (server, install string, err error) {
	find := func(name string) string {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
		for _, d := range []string{"/usr/sbin", "/usr/bin", "/usr/local/mysql/bin"} {
			if st, err := os.Stat(filepath.Join(d, name)); err == nil && !st.IsDir() {
				return filepath.Join(d, name)
			}
		}
		return ""
	}
	server, install = find("mariadbd"), find("mariadb-install-db")
	if server == "" || install == "" {
		return "", "", errNotInstalled
	}
	return server, install, nil
}

// start installs a data directory, starts mariadbd and creates the accounts.
func start(extra ...string) (*Server, error) {
	bin, install, err := findBinaries()
	if err != nil {
		return nil, err
	}
	reapOrphans()
	// A short directory: a Unix socket path must fit in 108 bytes (unix(7)).
	dir, err := os.MkdirTemp("", "mytune-mdb-")
	if err != nil {
		return nil, fmt.Errorf("making a temp dir: %w", err)
	}
	s := &Server{dir: dir, Datadir: filepath.Join(dir, "data"), Socket: filepath.Join(dir, "mysqld.sock"), exited: make(chan error, 1)}
	if err := os.WriteFile(filepath.Join(dir, ownerFile), []byte(strconv.Itoa(os.Getpid())), 0o600); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("recording the test process: %w", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), readyTimeout)
	defer cancel()
	// A private tmpdir: servers started at once (test packages run in
	// parallel) name temporary tables "#sql-temptable-<pid>-…" in tmpdir,
	// and in the shared /tmp two installs collided (error 1051, seen here).
	if err := os.Mkdir(s.tmpdir(), 0o700); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("making the server's tmpdir: %w", err)
	}
	if err := s.install(ctx, install); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	if err := s.run(bin, extra); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	if err := s.waitReady(ctx); err != nil {
		s.Stop()
		return nil, err
	}
	if err := s.setup(ctx); err != nil {
		s.Stop()
		return nil, err
	}
	return s, nil
}

// userArgs lets mariadbd run as root (it refuses to otherwise).
func userArgs() []string {
	if os.Geteuid() == 0 {
		return []string{"--user=root"}
	}
	return nil
}

func (s *Server) install(ctx context.Context, install string) error {
	args := append([]string{"--no-defaults", "--auth-root-authentication-method=normal",
		"--datadir=" + s.Datadir, "--tmpdir=" + s.tmpdir(), "--skip-test-db", noNativeAIO}, userArgs()...)
	out, err := exec.CommandContext(ctx, install, args...).CombinedOutput()
	if err != nil {
		return fmt.Errorf("mariadb-install-db: %w: %s", err, errorLines(out))
	}
	return nil
}

// tmpdir is the server's own directory for temporary files.
func (s *Server) tmpdir() string { return filepath.Join(s.dir, "tmp") }

func (s *Server) run(bin string, extra []string) error {
	port, err := freePort()
	if err != nil {
		return fmt.Errorf("finding a free port: %w", err)
	}
	s.Port = port
	args := append([]string{"--no-defaults", "--datadir=" + s.Datadir, "--tmpdir=" + s.tmpdir(), "--socket=" + s.Socket,
		"--port=" + strconv.Itoa(port), "--bind-address=127.0.0.1", "--skip-log-bin",
		"--innodb-buffer-pool-size=64M", noNativeAIO, "--pid-file=" + filepath.Join(s.dir, "mysqld.pid"),
		"--log-error=" + filepath.Join(s.dir, "error.log")}, userArgs()...)
	s.cmd = exec.Command(bin, append(args, extra...)...)
	s.cmd.SysProcAttr = serverAttr()
	if err := s.cmd.Start(); err != nil {
		return fmt.Errorf("starting mariadbd: %w", err)
	}
	go func() { s.exited <- s.cmd.Wait() }()
	return nil
}

// Root opens a connection as root over the socket, for tests that must
// set up what the test accounts may not (data, grants, load).
func (s *Server) Root() (*sql.DB, error) { return s.rootDB() }

// rootDB opens a connection as root over the socket.
func (s *Server) rootDB() (*sql.DB, error) {
	cfg := mysql.NewConfig()
	cfg.User, cfg.Net, cfg.Addr = "root", "unix", s.Socket
	cfg.Timeout, cfg.MultiStatements = 2*time.Second, true
	c, err := mysql.NewConnector(cfg)
	if err != nil {
		return nil, err
	}
	return sql.OpenDB(c), nil
}

// waitReady pings until the server answers, fails early if it exits.
func (s *Server) waitReady(ctx context.Context) error {
	db, err := s.rootDB()
	if err != nil {
		return err
	}
	defer db.Close()
	for {
		pctx, cancel := context.WithTimeout(ctx, time.Second)
		err = db.PingContext(pctx)
		cancel()
		if err == nil {
			return nil
		}
		select {
		case werr := <-s.exited:
			s.exited <- werr
			return fmt.Errorf("mariadbd exited during start-up (%w): %s", werr, s.errorLog())
		case <-ctx.Done():
			return fmt.Errorf("mariadbd not ready within %s: %w: %s", readyTimeout, err, s.errorLog())
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// setupSQL creates the accounts (for TCP and socket) and some tables.
var setupSQL = `CREATE USER '` + FullUser + `'@'%' IDENTIFIED BY '` + FullPassword + `';
CREATE USER '` + FullUser + `'@'localhost' IDENTIFIED BY '` + FullPassword + `';
GRANT SELECT, PROCESS, REPLICATION CLIENT, SLAVE MONITOR ON *.* TO '` + FullUser + `'@'%';
GRANT SELECT, PROCESS, REPLICATION CLIENT, SLAVE MONITOR ON *.* TO '` + FullUser + `'@'localhost';
CREATE USER '` + UsageUser + `'@'%' IDENTIFIED BY '` + UsagePassword + `';
CREATE USER '` + UsageUser + `'@'localhost' IDENTIFIED BY '` + UsagePassword + `';
CREATE DATABASE ` + TestDatabase + `;
USE ` + TestDatabase + `;
CREATE TABLE ` + TestDatabase + `.big (id INT PRIMARY KEY, pad VARCHAR(200)) ENGINE=InnoDB;
INSERT INTO ` + TestDatabase + `.big SELECT seq, REPEAT('x', 200) FROM seq_1_to_2000;
CREATE TABLE ` + TestDatabase + `.small (id INT PRIMARY KEY) ENGINE=Aria;
INSERT INTO ` + TestDatabase + `.small VALUES (1), (2), (3);
ANALYZE TABLE ` + TestDatabase + `.big, ` + TestDatabase + `.small;`

func (s *Server) setup(ctx context.Context) error {
	db, err := s.rootDB()
	if err != nil {
		return err
	}
	defer db.Close()
	for {
		_, err := db.ExecContext(ctx, setupSQL)
		if err == nil {
			return nil
		}
		// a Galera node answers pings before it takes statements (error 1047, ER_UNKNOWN_COM_ERROR: "WSREP has not yet prepared node")
		var me *mysql.MySQLError
		if !errors.As(err, &me) || me.Number != 1047 || ctx.Err() != nil {
			return fmt.Errorf("creating test accounts and tables: %w", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// Stop ends the server (SIGTERM, then SIGKILL after 30 s) and removes its directory.
func (s *Server) Stop() {
	s.once.Do(func() {
		if s.cmd != nil && s.cmd.Process != nil {
			_ = s.cmd.Process.Signal(syscall.SIGTERM)
			select {
			case <-s.exited:
			case <-time.After(30 * time.Second):
				_ = s.cmd.Process.Kill()
				<-s.exited
			}
		}
		os.RemoveAll(s.dir)
	})
}

func (s *Server) errorLog() string {
	b, _ := os.ReadFile(filepath.Join(s.dir, "error.log"))
	return tail(b)
}

// noNativeAIO avoids libaio/io_uring contexts, a machine-wide limit
// (fs.aio-max-nr) that several test servers on one machine can exhaust.
const noNativeAIO = "--innodb-use-native-aio=0"

// errorLines keeps the lines that report errors, or else the tail.
func errorLines(b []byte) string {
	var keep []string
	for _, l := range strings.Split(string(b), "\n") {
		if strings.Contains(strings.ToLower(l), "error") {
			keep = append(keep, l)
		}
	}
	if len(keep) == 0 {
		return tail(b)
	}
	return tail([]byte(strings.Join(keep, "\n")))
}

// tail keeps the last 600 bytes of output for an error message.
func tail(b []byte) string {
	const n = 600
	if len(b) > n {
		b = b[len(b)-n:]
	}
	return string(b)
}
