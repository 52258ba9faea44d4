package dump

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMydumperBzip2Refused: a mydumper dump whose files are bzip2 or xz
// (QA9 md17bz, mydumper --exec-per-thread-extension=.bz2) is refused with
// the command that decompresses it, by Read and OpenSource alike (it read
// as 0 chunks, every file a stray); a stray .bz2 beside a readable dump is
// not.
func TestMydumperBzip2Refused(t *testing.T) {
	meta := "# Started dump at: 2026-12-01 10:00:00\n[config]\nquote-character = BACKTICK\n# Finished dump at: 2026-12-01 10:00:02\n"
	cases := []struct {
		name  string
		files []string
		want  string // in the error; "" for none
	}{
		{"bzip2 files", []string{"shop-schema-create.sql.bz2", "shop.orders-schema.sql.bz2", "shop.orders.00000.00000.sql.bz2", "shop.orders.00000.00001.sql.bz2"},
			"bzip2-compressed (*.bz2, mydumper --exec-per-thread-extension), which mytune does not read"},
		{"xz files", []string{"shop-schema-create.sql.xz", "shop.orders-schema.sql.xz", "shop.orders.00000.sql.xz"}, "xz-compressed"},
		{"a stray .bz2 beside plain files: read", []string{"shop-schema-create.sql", "shop.orders-schema.sql", "shop.orders.00000.sql", "shop.orders.00000.sql.bz2"}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "my dump")
			mkdir(t, dir)
			writeFile(t, filepath.Join(dir, "metadata"), []byte(meta))
			for _, name := range c.files {
				body := "INSERT INTO `orders` VALUES (1);\n"
				if strings.Contains(name, "-schema.sql") {
					body = "CREATE TABLE `orders` (`id` int);\n"
				}
				writeFile(t, filepath.Join(dir, name), []byte(body))
			}
			_, rerr := Read(context.Background(), dir)
			_, serr := OpenSource(context.Background(), dir)
			for what, err := range map[string]error{"Read": rerr, "OpenSource": serr} {
				if c.want == "" {
					if err != nil {
						t.Errorf("%s: %v", what, err)
					}
					continue
				}
				ext := filepath.Ext(c.files[0])
				if err == nil || !errors.Is(err, ErrNotDump) || !strings.Contains(err.Error(), c.want) ||
					!strings.Contains(err.Error(), "'"+dir+"'/*"+ext+" replaces each file by its plain one") {
					t.Errorf("%s: error %v, want ErrNotDump with %q and the command", what, err, c.want)
				}
			}
		})
	}
}

// mkdir makes dir.
func mkdir(t *testing.T, dir string) {
	t.Helper()
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
}
