package render

import (
	"bytes"
	"strings"
	"testing"
)

// TestCompareSixCellsWhole: six items at 80 columns (the most compareText
// lays out for) keep every figure and setting whole: "1.3 GB/s" was cut to
// "1.3 GB…" and innodb_buffer_pool_size 134217728 to "134217…". (A text
// setting over 7 cells, innodb_flush_method O_DIRECT, is still cut there:
// 31 cells of names leave 8 a column.)
func TestCompareSixCellsWhole(t *testing.T) {
	files := []string{"ssd-vm.json", "sdcard-pi.json", "unmeasured.json", "advice-sd.json", "ssd-vm.json", "sdcard-pi.json"}
	var items []Named
	for _, f := range files {
		items = append(items, loadNamed(t, f))
	}
	var buf bytes.Buffer
	if err := Compare(&buf, items, Options{Format: "text", Width: 80}); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	checkWidth(t, out, 80)
	for _, c := range []struct{ row, want string }{
		{"seq write ", "1.3 GB/s"},
		{"seq read ", "2.1 GB/s"},
		{"innodb_buffer_pool_size ", "128M"},
		{"innodb_log_file_size ", "96M"},
		{"innodb_redo_log_capacity ", "100M"},
	} {
		line := ""
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(l, c.row) {
				line = l
			}
		}
		if !strings.Contains(line, c.want+" ") && !strings.HasSuffix(line, c.want) {
			t.Errorf("row %q = %q, want the whole %q in it", c.row, line, c.want)
		}
		if strings.Contains(line, "…") {
			t.Errorf("row %q cut a value: %q", c.row, line)
		}
	}
}
