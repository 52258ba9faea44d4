package profile

import "encoding/json"

// MarshalJSON writes the server as its fields say, except that when the
// table sizes could not be read (TablesError) data_bytes, index_bytes and
// tables are null: unknown, not zero (QA 18: a timed-out size query gave
// tables 0 and data_bytes 0 beside largest_tables listing a 2 GB table).
// Reading null back leaves them 0, as TablesError says they are unknown.
func (s Server) MarshalJSON() ([]byte, error) {
	type plain Server // without this method
	if s.TablesError == "" {
		return json.Marshal(plain(s))
	}
	return json.Marshal(struct {
		plain
		DataBytes  *uint64 `json:"data_bytes"`
		IndexBytes *uint64 `json:"index_bytes"`
		Tables     *int    `json:"tables"`
	}{plain: plain(s)})
}
