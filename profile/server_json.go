package profile

import "encoding/json"

// MarshalJSON writes s as its fields say, with two rules of CONTRACT.md
// the tags alone cannot keep: redo_bytes_per_s is present whenever
// redo_rate_basis is (a rate sampled on an idle server is 0 bytes/s, a
// measured figure, which omitempty dropped), and with tables_error set
// data_bytes, index_bytes and tables are null (unknown, not zero: a
// capture wrote 0 for each).
func (s Server) MarshalJSON() ([]byte, error) {
	type plain Server // no methods: no recursion
	out := struct {
		plain
		RedoBytesPerS *float64 `json:"redo_bytes_per_s,omitempty"`
		DataBytes     *uint64  `json:"data_bytes"`
		IndexBytes    *uint64  `json:"index_bytes"`
		Tables        *int     `json:"tables"`
	}{plain: plain(s)}
	if s.RedoRateBasis != "" || s.RedoBytesPerS != 0 {
		out.RedoBytesPerS = &s.RedoBytesPerS
	}
	if s.TablesError == "" {
		out.DataBytes, out.IndexBytes, out.Tables = &s.DataBytes, &s.IndexBytes, &s.Tables
	}
	return json.Marshal(out)
}
