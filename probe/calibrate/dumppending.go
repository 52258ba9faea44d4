package calibrate

import (
	"bytes"

	"github.com/mytune/mytune/probe/dump"
)

// DefaultInsertPieceBytes is the size of the pieces of whole rows a
// mydumper INSERT is sent in. mydumper 0.10 writes INSERTs of about 1 MB
// (-s, 1,000,000 bytes by default), and the card bed of
// scripts/calib-sweep.sh loads about 1.3 MB/s: a 3 s step finished 0–8
// such statements, and the ones in flight at its deadline took 2–19 s to
// drain (docs/calib-sweep-results.txt). A 100 KB piece takes about 80 ms
// there, so a deadline waits well under a second even at 16 sessions.
const DefaultInsertPieceBytes = 100 << 10

// pendingInsert is the rest of a dump INSERT a session is sending, piece
// by piece; it stays on its file across steps, so the next step resumes it.
type pendingInsert struct {
	q      dumpStmt      // the INSERT's head up to VALUES (or the whole statement)
	pieces []valuesPiece // the rows not sent yet, in order
	offset int64         // where the statement starts in the file
	// extra is the statement's bytes outside the pieces (its head, the
	// separators between pieces), counted with the first piece so a
	// statement counts its own size exactly.
	extra int
	// sent and sentRows are the last piece's bytes and rows (advance).
	sent, sentRows int
}

// newPendingInsert prepares st for scratch table table; split cuts a plain
// VALUES list into pieces of DefaultInsertPieceBytes of whole rows (else
// or when it cannot, the statement goes whole, with the reader's row count).
func newPendingInsert(st dump.Statement, table int, split bool) (*pendingInsert, error) {
	text := bytes.Clone(st.Rest)
	q, err := insertLoad(st.Verb, table, text)
	if err != nil {
		return nil, err
	}
	q.body = nil // the pieces carry the rows
	p := &pendingInsert{q: q, offset: st.Offset, pieces: []valuesPiece{{body: text, rows: st.Rows}}}
	if split {
		if head, pieces, ok := splitValues(text, DefaultInsertPieceBytes); ok {
			p.q.body, p.pieces = head, pieces
		}
	}
	p.extra = len(st.Text)
	for _, pc := range p.pieces {
		p.extra -= len(pc.body)
	}
	return p, nil
}

// bytes is what sending the next piece counts toward the step's bytes.
func (p *pendingInsert) bytes() int { return len(p.pieces[0].body) + p.extra }

// query is the INSERT of the next piece's rows.
func (p *pendingInsert) query() dumpStmt {
	body := make([]byte, 0, len(p.q.body)+len(p.pieces[0].body))
	body = append(append(body, p.q.body...), p.pieces[0].body...)
	return dumpStmt{head: p.q.head, body: body}
}

// advance marks the next piece sent (sent, sentRows say what it held);
// true when it was the statement's last.
func (p *pendingInsert) advance() bool {
	p.sent, p.sentRows = p.bytes(), p.pieces[0].rows
	p.extra, p.pieces = 0, p.pieces[1:]
	return len(p.pieces) == 0
}
