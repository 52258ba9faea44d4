package profile

// TableName is a database (Table "") or one of its tables.
type TableName struct {
	Schema string `json:"schema"`
	Table  string `json:"table,omitempty"`
}
