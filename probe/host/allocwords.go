package host

import "context"

// makeWords allocates n zeroed words; a test slows it down.
var makeWords = func(n int) []uint32 { return make([]uint32, n) }

// allocWords is makeWords(n), given up when ctx is cancelled first (its
// error). The runtime clears a large allocation made of memory it used
// before, faulting in every page at once: for the chase's 128 MiB that
// took 0.5-1.4 s on this project's loaded VM, and a probe sent SIGTERM
// then waited for it (review r12). The abandoned allocation finishes in
// the background and is garbage.
func allocWords(ctx context.Context, n int) ([]uint32, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	made := make(chan []uint32, 1)
	go func() { made <- makeWords(n) }()
	select {
	case w := <-made:
		return w, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
