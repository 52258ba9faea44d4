package profile

import "encoding/json"

// MarshalJSON writes s with redo_bytes_per_s present whenever
// redo_rate_basis is: a rate sampled on an idle server is 0 bytes/s, a
// measured figure, and leaving it out (omitempty) gave scripts a basis
// without its rate. Without a basis the rate stays absent, as before.
func (s Server) MarshalJSON() ([]byte, error) {
	type plain Server // no methods: no recursion
	if s.RedoRateBasis == "" {
		return json.Marshal(plain(s))
	}
	return json.Marshal(struct {
		plain
		RedoBytesPerS float64 `json:"redo_bytes_per_s"`
	}{plain(s), s.RedoBytesPerS})
}
