package profile

// ReadRate is a sequential read timed on the disk a dump or backup lies on
// (probe.MeasureRead), when that is not the datadir's filesystem: the
// restore reads every file from there. Its fields are written into the
// dump's or backup's own JSON object.
type ReadRate struct {
	// ReadMBPerS is the rate timed on ReadFile (the largest file, 1 MiB
	// reads one at a time for up to 2 s), 0 when not timed; ReadDirect
	// says whether the reads bypassed the page cache (O_DIRECT).
	ReadMBPerS float64 `json:"read_mb_per_s,omitempty"`
	ReadFile   string  `json:"read_file,omitempty"`
	ReadDirect bool    `json:"read_direct,omitempty"`
}
