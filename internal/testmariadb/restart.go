package testmariadb

import (
	"context"
	"syscall"
	"testing"
	"time"
)

// RestartWith stops the server cleanly, keeping its data directory, and
// starts it again there with extra mariadbd options (on a port picked
// again), for states a fresh install cannot be set up in: with
// innodb_read_only ON the test tables' CREATE TABLE is refused.
func (s *Server) RestartWith(t testing.TB, extra ...string) {
	t.Helper()
	if s.cmd == nil || s.cmd.Process == nil {
		t.Fatal("restarting MariaDB: it is not running")
	}
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.exited:
	case <-time.After(30 * time.Second):
		_ = s.cmd.Process.Kill()
		<-s.exited
	}
	bin, _, err := findBinaries()
	if err != nil {
		skipOrFail(t, err)
	}
	if err := s.run(bin, extra); err != nil {
		t.Fatalf("restarting MariaDB: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), readyTimeout)
	defer cancel()
	if err := s.waitReady(ctx); err != nil {
		t.Fatalf("restarting MariaDB: %v", err)
	}
}
