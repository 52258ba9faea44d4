package dump

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestSchemaFilesReadOnce: the row sampling takes each table's CREATE
// TABLE from what the engine tally read (QA 18: a 20,000-table dump read
// every schema file twice); with the schema files gone after the tally,
// the tables are still modelled.
func TestSchemaFilesReadOnce(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"metadata":               "Started dump at: 2026-12-03 17:20:00\nFinished dump at: 2026-12-03 17:20:01\n",
		"shop-schema-create.sql": "CREATE DATABASE `shop`;\n",
		"shop.t-schema.sql":      "CREATE TABLE `t` (`id` int NOT NULL, `v` varchar(20), PRIMARY KEY (`id`)) ENGINE=InnoDB;\n",
		"shop.t.sql":             "INSERT INTO `t` VALUES (1,'a'),(2,'bb'),(3,'ccc');\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	files, err := listFiles(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	tl := newTally()
	if _, err := readSchemaEngines(context.Background(), dir, map[[2]string]string{{"shop", "t"}: "shop.t-schema.sql"}, tl); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "shop.t-schema.sql")); err != nil {
		t.Fatal(err)
	}
	models, note, err := modelDirTables(context.Background(), dir, files, FormatMydumper, tl.creates)
	if err != nil || len(models) != 1 || models[0].Name != "shop.t" {
		t.Errorf("models %+v, note %q, err %v; want shop.t modelled from the CREATE TABLE read once", models, note, err)
	}
}

// TestReadCreateSmallBuffer: reading a small schema file allocates far
// less than the 1 MiB read buffer each reader once had (QA 18: 60,000
// files of a 20,000-table dump).
func TestReadCreateSmallBuffer(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.t-schema.sql")
	if err := os.WriteFile(path, []byte("CREATE TABLE `t` (id int) ENGINE=InnoDB;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const reads = 50
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range reads {
		if _, err := readCreate(path); err != nil {
			t.Fatal(err)
		}
	}
	runtime.ReadMemStats(&after)
	if per := (after.TotalAlloc - before.TotalAlloc) / reads; per > 256<<10 {
		t.Errorf("one readCreate allocated %d bytes; want at most 256 KiB", per)
	}
}

// TestStatementLongerThanBuffer: a statement longer than the read buffer
// comes out whole.
func TestStatementLongerThanBuffer(t *testing.T) {
	long := "INSERT INTO `t` VALUES ('" + strings.Repeat("x", 3*readBufferBytes) + "');\n"
	st, err := NewStatementReader(strings.NewReader(long)).Next()
	if err != nil || st.Kind != StmtInsert || len(st.Text) != len(long)-2 {
		t.Errorf("kind %v, %d bytes, err %v; want an INSERT of %d bytes", st.Kind, len(st.Text), err, len(long)-2)
	}
}

// TestSampleDeadline: the sampling stops at SampleTimeout, or at half the
// time the caller's deadline leaves, so a whole-read deadline never cuts
// it (QA 18: 20,000 tables failed "sampling the rows of …").
func TestSampleDeadline(t *testing.T) {
	now := time.Now()
	tests := []struct {
		name string
		left time.Duration // 0: no deadline
		want time.Duration
	}{
		{name: "no deadline", want: SampleTimeout},
		{name: "plenty left", left: 60 * time.Second, want: SampleTimeout},
		{name: "little left", left: 8 * time.Second, want: 4 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			if tt.left > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithDeadline(ctx, now.Add(tt.left))
				defer cancel()
			}
			if got := sampleDeadline(ctx, now).Sub(now); got != tt.want {
				t.Errorf("sampling for %s; want %s", got, tt.want)
			}
		})
	}
}
