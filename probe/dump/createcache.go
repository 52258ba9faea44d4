package dump

// createCache holds what readCreate returned for each schema file, so a
// dump read reads each file once: the engine tally (readSchemaEngines)
// and the row sampling (mydumperSource, shellSource) both need the CREATE
// TABLE of every table, and a 20,000-table dump has 20,000 schema files.
// A nil cache reads every time. It is not safe for concurrent use.
type createCache struct {
	m map[string]createResult
}

// createResult is one schema file's CREATE TABLE text or error, and the
// character set its SET NAMES sets before it.
type createResult struct {
	rest, names string
	err         error
}

// newCreateCache returns an empty cache.
func newCreateCache() *createCache { return &createCache{m: map[string]createResult{}} }

// read returns readCreate(path), reading the file only the first time.
func (c *createCache) read(path string) (string, error) {
	if c == nil {
		return readCreate(path)
	}
	if r, ok := c.m[path]; ok {
		return r.rest, r.err
	}
	rest, names, err := readCreateNames(path)
	c.m[path] = createResult{rest: rest, names: names, err: err}
	return rest, err
}

// names is the character set path's SET NAMES sets before its CREATE
// TABLE, as read by read ("" when not read, or none).
func (c *createCache) names(path string) string {
	if c == nil {
		return ""
	}
	return c.m[path].names
}
