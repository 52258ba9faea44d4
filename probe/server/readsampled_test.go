package server

import (
	"sync/atomic"
	"testing"
	"time"

	"github.com/mytune/mytune/internal/testmariadb"
)

// TestReadSampledSaysWhenTheRedoSampleIsOver: ReadSampled calls sampled
// once, after the second redo reading and not before until closes, so
// the probe can hold its disk measurement until the server's redo rate is
// taken (review r22: sampled over the measurement, the rate was what the
// server wrote while the probe slowed it, half its rate before and after
// on an SD-card-like bed).
func TestReadSampledSaysWhenTheRedoSampleIsOver(t *testing.T) {
	srv := testmariadb.Shared(t)
	cases := []struct {
		name string
		hold time.Duration // until closes this long after the read starts
	}{
		{"until already closed", 0},
		{"until closes later", 600 * time.Millisecond},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			conn, err := ResolveConn(ConnOptions{User: testmariadb.FullUser, Password: testmariadb.FullPassword,
				PasswordGiven: true, Socket: srv.Socket}, envMap(nil), "")
			if err != nil {
				t.Fatal(err)
			}
			conn.RedoSample = redoSampleForTests
			sess, err := Dial(t.Context(), conn)
			if err != nil {
				t.Fatal(err)
			}
			until := make(chan struct{})
			start := time.Now()
			time.AfterFunc(c.hold, func() { close(until) })
			var calls atomic.Int32
			var at atomic.Int64
			s, err := sess.ReadSampled(t.Context(), until, func() { calls.Add(1); at.Store(int64(time.Since(start))) })
			if err != nil {
				t.Fatal(err)
			}
			if calls.Load() != 1 {
				t.Fatalf("sampled called %d times, want once", calls.Load())
			}
			if got := time.Duration(at.Load()); got < c.hold || got < redoSampleForTests {
				t.Errorf("sampled called %v after the start, before until (%v) or the sample gap (%v)", got, c.hold, redoSampleForTests)
			}
			if s.RedoRateBasis != BasisSampled {
				t.Errorf("redo basis %q, want %q: the second reading was not taken", s.RedoRateBasis, BasisSampled)
			}
		})
	}
}
