package profile

import "testing"

func TestServerRedoBytes(t *testing.T) {
	cases := []struct {
		name         string
		vars, status map[string]string
		want         uint64
	}{
		{"MariaDB: one file", map[string]string{"innodb_log_file_size": "100663296"}, nil, 96 << 20},
		{"MySQL 8.0.20: file x files", map[string]string{"innodb_log_file_size": "50331648", "innodb_log_files_in_group": "2"}, nil, 96 << 20},
		{"MySQL 8.4: capacity set", map[string]string{"innodb_redo_log_capacity": "4294967296", "innodb_log_file_size": "50331648",
			"innodb_log_files_in_group": "2"}, nil, 4 << 30},
		{"MySQL 8.0.32: defaults", map[string]string{"innodb_redo_log_capacity": "104857600", "innodb_log_file_size": "50331648",
			"innodb_log_files_in_group": "2"}, nil, 100 << 20},
		{"Percona 8.0.32: files set, capacity default", map[string]string{"innodb_redo_log_capacity": "104857600",
			"innodb_log_file_size": "5242880", "innodb_log_files_in_group": "2"}, nil, 10 << 20},
		{"status says what is in use", map[string]string{"innodb_redo_log_capacity": "104857600",
			"innodb_log_file_size": "5242880", "innodb_log_files_in_group": "2"},
			map[string]string{"innodb_redo_log_capacity_resized": "10485760"}, 10 << 20},
		{"nothing said", map[string]string{}, nil, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := ServerRedoBytes(c.vars, c.status); got != c.want {
				t.Errorf("got %d, want %d", got, c.want)
			}
		})
	}
}
