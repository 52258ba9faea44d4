package dump

// createCache holds what readCreate returned for each schema file, so a
// dump read reads each file once: the engine tally (readSchemaEngines)
// and the row sampling (mydumperSource, shellSource) both need the CREATE
// TABLE of every table, and a 20,000-table dump has 20,000 schema files.
// A nil cache reads every time. It is not safe for concurrent use.
type createCache struct {
	m map[string]createResult
}

// createResult is one schema file's CREATE TABLE text or error.
type createResult struct {
	rest string
	err  error
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
	rest, err := readCreate(path)
	c.m[path] = createResult{rest: rest, err: err}
	return rest, err
}
