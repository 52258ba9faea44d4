package diskio

// Stale is a test file another run made in the directory: removed when
// its maker is proven gone, else left alone and said why.
type Stale struct {
	Path  string
	PID   int
	Bytes int64
	// Removed: its maker is proven gone and the file was deleted.
	Removed bool
	// Live: a live run owns it (it holds the file's lock, or its pid is a
	// running mytune): another probe is measuring the same disk now.
	Live bool
	// Why says what proved the maker gone, or why the file was left alone.
	Why string
	// RemoveErr: its maker is proven gone (Why) but deleting it failed
	// (another user's file in a sticky directory, a read-only mount).
	RemoveErr error
}
