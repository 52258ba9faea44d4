package dump

// ftMinTokenChars is the shortest word InnoDB's FULLTEXT parser indexes:
// innodb_ft_min_token_size, 3 by default in MariaDB and MySQL (MariaDB KB,
// "InnoDB System Variables"; MySQL 8.4 manual, "Fine-Tuning MySQL
// Full-Text Search"). A shorter word costs the index nothing.
const ftMinTokenChars = 3

// ftWords counts the words of a string as InnoDB's built-in FULLTEXT
// parser splits it: runs of letters, digits and underscores (its
// true_word_char; a byte of a multi-byte UTF-8 character is taken as a
// letter) of at least ftMinTokenChars characters. Stopwords are counted:
// the parser reads them before it drops them.
func ftWords(b []byte) int {
	n, run := 0, 0
	for i := 0; i <= len(b); i++ {
		if i < len(b) && ftWordByte(b[i]) {
			if b[i]&0xC0 != 0x80 { // a continuation byte is not a character of its own
				run++
			}
			continue
		}
		if run >= ftMinTokenChars {
			n++
		}
		run = 0
	}
	return n
}

// ftWordByte reports whether c is part of a word: an ASCII letter, digit
// or underscore, or any byte of a multi-byte UTF-8 character.
func ftWordByte(c byte) bool {
	return c >= 0x80 || c == '_' || c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'z'
}

// fulltextWords is the words a row gives the table's FULLTEXT indexes, over
// the sampled rows (weighted as the row model weighs them): the words of
// each indexed column, once for each index that holds it. 0 when the table
// has none, or when an indexed column's values are not in the dump.
func (d tableDef) fulltextWords(s sampledRows, cols []int) float64 {
	if len(d.fulltext) == 0 || len(s.rows) == 0 {
		return 0
	}
	at := map[int]int{}
	for j, c := range cols {
		at[c] = j
	}
	var words, n float64
	for r, row := range s.rows {
		w := 1.0
		if r < len(s.weights) {
			w = s.weights[r]
		}
		for _, idx := range d.fulltext {
			for _, p := range idx {
				if j, ok := at[p.col]; ok && j < len(row) {
					words += w * float64(row[j].words)
				}
			}
		}
		n += w
	}
	return words / n
}
