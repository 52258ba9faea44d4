package dump

import "unicode/utf8"

// utf8Text follows whether a stream of bytes, read in pieces that may
// split a character, is valid UTF-8 and holds a byte above ASCII.
type utf8Text struct {
	tail              []byte // the start of a character the last piece cut
	nonASCII, invalid bool
}

// write checks the next piece of the stream.
func (u *utf8Text) write(p []byte) {
	if u.invalid {
		return
	}
	if len(u.tail) > 0 {
		p = append(append([]byte(nil), u.tail...), p...)
		u.tail = u.tail[:0]
	}
	for i := 0; i < len(p); {
		c := p[i]
		if c < utf8.RuneSelf {
			i++
			continue
		}
		u.nonASCII = true
		r, n := utf8.DecodeRune(p[i:])
		if r == utf8.RuneError && n <= 1 {
			if !utf8.FullRune(p[i:]) && len(p)-i < utf8.UTFMax {
				u.tail = append(u.tail, p[i:]...) // cut by the piece's end: judged with the next piece
				return
			}
			u.invalid = true
			return
		}
		i += n
	}
}

// utf8 reports whether the whole stream was valid UTF-8 with some byte
// above ASCII (a character cut by the end counts as invalid).
func (u *utf8Text) utf8() bool { return u.nonASCII && !u.invalid && len(u.tail) == 0 }
