package dump

import (
	"math"
	"testing"
)

// FuzzRowModel: no CREATE TABLE text and no INSERT or TSV text makes the
// row model panic, and what it sizes is finite and not negative.
func FuzzRowModel(f *testing.F) {
	f.Add(sysbenchCreate, " VALUES (1,5000,'abc','def'),(2,3,'x','y');", "1\t2\tabc\tdef\n")
	f.Add("(`a` int, `b` varchar(10) COLLATE utf8mb4_bin, KEY `k` (`b`(3)), UNIQUE KEY `u` (`a`))", " (`b`,`a`) VALUES ('é',NULL)", "\\N\tx\n")
	f.Add("(id INT PRIMARY KEY, j JSON, KEY e ((j->>'$.x')))", " VALUES (1,'{\"x\":1}'),(2", "")
	f.Fuzz(func(t *testing.T, create, insert, tsv string) {
		def := parseCreate(create)
		for _, s := range []sampledRows{parseTuples([]byte(insert)), parseTSV([]byte(tsv))} {
			m, ok := modelTable("db.t", def, s, nil)
			if !ok {
				continue
			}
			for _, v := range append([]float64{m.SQLBytesPerRow, m.RecordBytes, m.OffPageBytes, m.NodePointerBytes}, m.IndexEntryBytes...) {
				if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
					t.Fatalf("sized %+v from %q / %q", m, create, insert)
				}
			}
		}
	})
}
