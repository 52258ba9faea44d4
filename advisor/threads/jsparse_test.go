package threads

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode"
)

// jsCall is a parsed `util.name(arg, …)` line: the strict subset of
// JavaScript the mysqlsh lines are written in (a member call whose
// arguments are JSON-like literals: strings, numbers, true/false/null,
// arrays and objects with identifier or string keys).
type jsCall struct {
	Callee string
	Args   []any
}

// parseJSCall parses src as one such call and nothing after it; anything
// else (a backslash outside a string, a newline in a string, a stray
// token) is an error, as it would be for mysqlsh's JavaScript.
func parseJSCall(src string) (jsCall, error) {
	p := &jsParser{s: src}
	var c jsCall
	c.Callee = p.ident()
	for p.peek() == '.' {
		p.i++
		c.Callee += "." + p.ident()
	}
	if !strings.Contains(c.Callee, ".") {
		return c, fmt.Errorf("want a member call such as util.loadDump(…), got %q", c.Callee)
	}
	p.expect('(')
	for p.err == nil && p.peek() != ')' {
		c.Args = append(c.Args, p.value())
		if p.peek() != ',' {
			break
		}
		p.i++
	}
	p.expect(')')
	if p.skip(); p.err == nil && p.i != len(p.s) {
		p.fail("text after the call")
	}
	return c, p.err
}

// jsParser is a cursor over the source with the first error kept.
type jsParser struct {
	s   string
	i   int
	err error
}

func (p *jsParser) fail(what string) {
	if p.err == nil {
		p.err = fmt.Errorf("at %d of %q: %s", p.i, p.s, what)
	}
}

// skip passes spaces (not newlines: the lines are one line each).
func (p *jsParser) skip() {
	for p.i < len(p.s) && p.s[p.i] == ' ' {
		p.i++
	}
}

func (p *jsParser) peek() byte {
	p.skip()
	if p.err != nil || p.i >= len(p.s) {
		return 0
	}
	return p.s[p.i]
}

func (p *jsParser) expect(b byte) {
	if p.peek() != b {
		p.fail(fmt.Sprintf("want %q", b))
		return
	}
	p.i++
}

func (p *jsParser) ident() string {
	p.skip()
	start := p.i
	for p.i < len(p.s) && (unicode.IsLetter(rune(p.s[p.i])) || p.s[p.i] == '_' || p.s[p.i] == '$' ||
		(p.i > start && unicode.IsDigit(rune(p.s[p.i])))) {
		p.i++
	}
	if start == p.i {
		p.fail("want an identifier")
	}
	return p.s[start:p.i]
}

// value parses one literal.
func (p *jsParser) value() any {
	switch c := p.peek(); {
	case c == '"':
		return p.str()
	case c == '{':
		return p.object()
	case c == '[':
		p.i++
		var out []any
		for p.err == nil && p.peek() != ']' {
			out = append(out, p.value())
			if p.peek() != ',' {
				break
			}
			p.i++
		}
		p.expect(']')
		return out
	case c == '-' || (c >= '0' && c <= '9'):
		start := p.i
		for p.i < len(p.s) && strings.IndexByte("-+.eE0123456789", p.s[p.i]) >= 0 {
			p.i++
		}
		var f float64
		if err := json.Unmarshal([]byte(p.s[start:p.i]), &f); err != nil {
			p.fail("bad number")
		}
		return f
	}
	switch w := p.ident(); w {
	case "true", "false":
		return w == "true"
	case "null":
		return nil
	default:
		p.fail("want a literal, got " + w)
	}
	return nil
}

// str reads a double-quoted string with JSON's escapes (a subset of JS's).
func (p *jsParser) str() string {
	start := p.i
	p.i++
	for p.i < len(p.s) && p.s[p.i] != '"' {
		if p.s[p.i] == '\\' {
			p.i++
		}
		p.i++
	}
	p.i++
	if p.i > len(p.s) {
		p.fail("unterminated string")
		return ""
	}
	var out string
	if err := json.Unmarshal([]byte(p.s[start:p.i]), &out); err != nil {
		p.fail("bad string: " + err.Error())
	}
	return out
}

// object reads {key: value, …} with identifier or string keys.
func (p *jsParser) object() map[string]any {
	p.expect('{')
	out := map[string]any{}
	for p.err == nil && p.peek() != '}' {
		var k string
		if p.peek() == '"' {
			k = p.str()
		} else {
			k = p.ident()
		}
		p.expect(':')
		out[k] = p.value()
		if p.peek() != ',' {
			break
		}
		p.i++
	}
	p.expect('}')
	return out
}
