package render

import (
	"regexp"
	"strings"
)

// noteWord is one unit wrap places: a prose word, a single-quoted run
// (a path shQuote wrote, spaces kept), or a whole shell command quoted in
// the prose. text is exactly as written in the note, trailing punctuation
// included; a command also keeps its shell words (words) and the
// punctuation that follows it in the prose (tail), so that a command
// wider than the line can be printed over lines the shell reads as one.
type noteWord struct {
	text  string
	lead  string
	words []string
	tail  string
}

// commandHeads are the programs whose command lines notes quote (the
// calibrate line, mariadb-dump and mysql pairs, ln -sfn ways round, rm
// of a left test file, sed -i and gunzip -f of a dump's schema files); a head starts a command only when an option
// follows it (or, for mytune, a subcommand), so prose that names "the
// mysql client" is prose.
var commandHeads = map[string]bool{
	"mytune": true, "mariadb-dump": true, "mysqldump": true, "mysql": true, "mariadb": true,
	"myloader": true, "mydumper": true, "mysqlsh": true, "ln": true, "rm": true, "sysctl": true,
	"sed": true, "gunzip": true,
}

// mytuneSubcommands are the words after mytune that make a command line.
var mytuneSubcommands = map[string]bool{"probe": true, "advise": true, "calibrate": true, "compare": true, "rules": true}

// envAssign is a NAME=value word that may lead a command (CHARSET=UTF-8).
var envAssign = regexp.MustCompile(`^[A-Z][A-Z0-9_]*=[^ '"]*$`)

// noteWords splits a note into the units wrap places: prose words at
// blanks, single-quoted runs whole, and each command line the note quotes
// whole (review r11: a calibrate line wrapped at the terminal's width
// arrived in the shell as two commands, the first of them run with half
// its flags; a quoted path's double space was folded to one).
func noteWords(s string) []noteWord {
	var out []noteWord
	rs := []rune(s)
	for i := 0; i < len(rs); {
		if rs[i] == ' ' || rs[i] == '\t' || rs[i] == '\n' {
			i++
			continue
		}
		if w, next, ok := commandAt(rs, i); ok {
			out, i = append(out, w), next
			continue
		}
		end := proseWordEnd(rs, i)
		out, i = append(out, noteWord{text: string(rs[i:end])}), end
	}
	return out
}

// proseWordEnd is the end of the prose word that starts at rs[i]: the next
// blank, or, for a word that opens with a single quote closed later in the
// note, the blank after that closing quote (a shQuote'd path is one word).
func proseWordEnd(rs []rune, i int) int {
	end := i
	for end < len(rs) && rs[end] != ' ' && rs[end] != '\t' && rs[end] != '\n' {
		end++
	}
	if rs[i] != '\'' || strings.Count(string(rs[i+1:end]), "'") > 0 {
		return end
	}
	for j := end; j < len(rs); j++ {
		if rs[j] == '\'' {
			for j < len(rs) && rs[j] != ' ' && rs[j] != '\t' && rs[j] != '\n' {
				j++
			}
			return j
		}
	}
	return end
}

// commandAt reads the command line that starts at rs[i], if one does: an
// optional "(" or "`" before it, NAME=value words, a head and an option
// (or mytune's subcommand), then shell words up to the first one whose
// unquoted end is ",", ";", ")" or "`" (that punctuation goes back to
// the prose) or the end of the note.
func commandAt(rs []rune, i int) (noteWord, int, bool) {
	start := i
	for start < len(rs) && (rs[start] == '(' || rs[start] == '`') {
		start++
	}
	words, ends := shellWordsAt(rs, start)
	n := commandLen(words)
	if n == 0 {
		return noteWord{}, i, false
	}
	end := ends[n-1]
	last := words[n-1]
	trimmed, _ := splitTail(last)
	if trimmed == "" {
		return noteWord{}, i, false
	}
	words[n-1] = trimmed
	return noteWord{text: string(rs[i:end]), lead: string(rs[i:start]), words: words[:n], tail: last[len(trimmed):]}, end, true
}

// commandLen is how many of words make the command line they start, 0 if
// they do not start one.
func commandLen(words []string) int {
	k := 0
	for k < len(words) && envAssign.MatchString(words[k]) {
		k++
	}
	if k+1 >= len(words) || !commandHeads[words[k]] {
		return 0
	}
	next := words[k+1]
	if !strings.HasPrefix(next, "-") && !(words[k] == "mytune" && mytuneSubcommands[next]) {
		return 0
	}
	for n := k + 1; n < len(words); n++ {
		if endsCommand(words[n]) {
			return n + 1
		}
	}
	return len(words)
}

// endsCommand says whether a shell word as written ends its command: it
// ends, outside quotes, in prose punctuation (splitTail).
func endsCommand(w string) bool {
	_, tail := splitTail(w)
	return tail != ""
}

// splitTail splits a shell word as written into the word and the prose
// punctuation after it: any run of ",", ";", ":", ")", "`" and full
// stops (review r17: "(myloader --enable-binlog): 9.3 MiB …" and
// "mytune calibrate --cleanup. The …" ran on to the next comma). Dots
// that are the word or follow a "/" ("." , "/data/.") are the path's.
func splitTail(w string) (string, string) {
	word := strings.TrimRight(w, ",;:.)`")
	if word == "" || strings.HasSuffix(word, "/") {
		word = strings.TrimRight(w, ",;:)`")
	}
	return word, w[len(word):]
}

// shellWordsAt splits rs from i into shell words as shellWords does, each
// with the index just past it, stopping at a newline.
func shellWordsAt(rs []rune, i int) ([]string, []int) {
	var words []string
	var ends []int
	for i < len(rs) && rs[i] != '\n' {
		if rs[i] == ' ' || rs[i] == '\t' {
			i++
			continue
		}
		j := shellWordEnd(rs, i)
		words, ends = append(words, string(rs[i:j])), append(ends, j)
		i = j
	}
	return words, ends
}

// shellWordEnd is the index just past the shell word that starts at rs[i]:
// quotes run to their close, a backslash outside single quotes escapes the
// next character (POSIX Shell Command Language 2.2).
func shellWordEnd(rs []rune, i int) int {
	for i < len(rs) && rs[i] != ' ' && rs[i] != '\t' && rs[i] != '\n' {
		switch rs[i] {
		case '\\':
			i++
		case '\'':
			for i++; i < len(rs) && rs[i] != '\''; i++ {
			}
		case '"':
			for i++; i < len(rs) && rs[i] != '"'; i++ {
				if rs[i] == '\\' {
					i++
				}
			}
		}
		i++
	}
	return min(i, len(rs))
}
