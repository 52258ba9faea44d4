//go:build unix

package main

import (
	"bytes"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestInterruptWhileReadingInput: one Ctrl-C stops a command blocked
// reading its input document (compare -, advise --from and rules explain
// --from on a terminal, a FIFO or a pipe nobody writes): exit 1, the
// "interrupted" line. Before, the read ignored the signal and only a
// second Ctrl-C ended the process ("interrupted twice").
func TestInterruptWhileReadingInput(t *testing.T) {
	t.Setenv("MYTUNE_DISCOVERY", "off")
	fifo := filepath.Join(t.TempDir(), "profile.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	ssd := filepath.Join(renderTestdata, "ssd-vm.json")
	cases := []struct {
		name string
		args []string
	}{
		{"compare reading a silent stdin", []string{"compare", "-", ssd}},
		{"compare reading a FIFO", []string{"compare", ssd, fifo}},
		{"advise --from a FIFO", []string{"advise", "--no-server", "--from", fifo}},
		{"rules explain --from a FIFO", []string{"rules", "explain", "io.capacity", "--from", fifo}},
	}
	// While this test runs, SIGINT is also caught here, so a signal that
	// arrives after run returned never ends the test binary.
	caught := make(chan os.Signal, 4)
	signal.Notify(caught, os.Interrupt)
	defer signal.Stop(caught)
	armed := make(chan struct{}, 1)
	signalsArmed = func() { armed <- struct{}{} }
	defer func() { signalsArmed = func() {} }()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			stdin, w := io.Pipe() // nobody writes
			defer w.Close()
			var stdout, stderr bytes.Buffer
			done := make(chan int, 1)
			go func() { done <- run(c.args, stdin, &stdout, &stderr) }()
			select { // run's handlers first, then time to reach the read
			case <-armed:
			case <-time.After(30 * time.Second):
				t.Fatal("run did not arm its signal handlers in 30 s")
			}
			time.Sleep(300 * time.Millisecond)
			if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
				t.Fatal(err)
			}
			select {
			case code := <-done:
				if code != exitFailed || !strings.Contains(stderr.String(), "interrupted: stopped") {
					t.Fatalf("exit %d, want %d with the interrupted line; stderr: %s", code, exitFailed, stderr.String())
				}
			case <-time.After(5 * time.Second):
				unblock(w, fifo)
				<-done
				t.Fatalf("still reading 5 s after one SIGINT; stderr: %s", stderr.String())
			}
		})
	}
}

// unblock ends the reads a failing run is stuck in: stdin's pipe and the
// FIFO get end-of-file.
func unblock(w *io.PipeWriter, fifo string) {
	w.Close()
	if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
		f.Close()
	}
}
