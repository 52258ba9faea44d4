package dump

import (
	"slices"
	"testing"
)

// TestCharsetNamesAdd: the names a dump's statements set, as MariaDB
// 10.11.19, MySQL 8 and mydumper 0.10 write them; quoted text and
// backquoted names name nothing.
func TestCharsetNamesAdd(t *testing.T) {
	cases := []struct {
		name                 string
		text                 string
		charsets, collations []string
	}{
		{"table options", " `t` (\n  `id` int\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci;", []string{"utf8mb4"}, []string{"utf8mb4_0900_ai_ci"}},
		{"column charset and collation", " (`s` varchar(10) CHARACTER SET latin1 COLLATE latin1_bin DEFAULT NULL)", []string{"latin1"}, []string{"latin1_bin"}},
		{"create database comment", "CREATE DATABASE `d` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_uca1400_ai_ci */;", []string{"utf8mb4"}, []string{"utf8mb4_uca1400_ai_ci"}},
		{"routine return type", "FUNCTION `f`(x varchar(5)) RETURNS varchar(5) CHARSET utf8mb4 COLLATE utf8mb4_general_ci", []string{"utf8mb4"}, []string{"utf8mb4_general_ci"}},
		{"view header sets", "SET character_set_client = utf8mb3;\nSET collation_connection = utf8mb3_general_ci;", []string{"utf8mb3"}, []string{"utf8mb3_general_ci"}},
		{"mysqldump's versioned header", "/*!50001 SET collation_connection      = utf8mb4_0900_ai_ci */;", nil, []string{"utf8mb4_0900_ai_ci"}},
		{"a user variable names none", "SET collation_connection = @PREV_COLLATION_CONNECTION;", nil, nil},
		{"binary is every server's", "SET NAMES binary; CREATE TABLE t (b varbinary(3)) DEFAULT CHARSET=binary", nil, nil},
		{"a column named charset_id", " (`charset_id` int, `collate_x` int) DEFAULT CHARSET=latin1", []string{"latin1"}, nil},
		{"a comment that says COLLATE", " (`a` int COMMENT 'uses COLLATE foo_bar_ci') DEFAULT CHARSET=latin1", []string{"latin1"}, nil},
		{"a backquoted name with a space", " (`charset x` int) ENGINE=InnoDB", nil, nil},
		{"upper case name", " (a text) DEFAULT CHARSET=UTF8MB4 COLLATE=UTF8MB4_BIN", []string{"utf8mb4"}, []string{"utf8mb4_bin"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var n charsetNames
			n.add(c.text)
			cs, co := n.lists()
			if !slices.Equal(cs, c.charsets) || !slices.Equal(co, c.collations) {
				t.Errorf("got %q %q, want %q %q", cs, co, c.charsets, c.collations)
			}
		})
	}
}

// TestReadCollationNames: a mydumper dump's names come from its tables'
// CREATE TABLEs and from its database, view and routine files
// (testdata/mydumper-0.10-collations: the database's edited to MySQL 8's
// utf8mb4_0900_ai_ci); a mysqldump file's from its CREATE lines and view
// headers.
func TestReadCollationNames(t *testing.T) {
	cases := []struct {
		name                 string
		path                 string
		charsets, collations []string
	}{
		{"mydumper", "testdata/mydumper-0.10-collations", []string{"latin1", "utf8mb3", "utf8mb4"},
			[]string{"latin1_bin", "latin1_swedish_ci", "utf8mb3_general_ci", "utf8mb4_0900_ai_ci", "utf8mb4_general_ci", "utf8mb4_unicode_ci"}},
		{"mysqldump", "testdata/mariadb-dump-10.11-routines.sql", []string{"latin1", "utf8mb3", "utf8mb4"},
			[]string{"latin1_swedish_ci", "utf8mb3_general_ci"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, err := Read(t.Context(), c.path)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(d.Charsets, c.charsets) || !slices.Equal(d.Collations, c.collations) {
				t.Errorf("got %q %q, want %q %q", d.Charsets, d.Collations, c.charsets, c.collations)
			}
		})
	}
}
