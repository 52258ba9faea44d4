package calibrate

import (
	"bytes"
	"time"

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

// MaxInsertPieceBytes is the largest piece: above mydumper 0.10's 1 MB
// statements, so they go whole, as myloader sends them.
const MaxInsertPieceBytes = 2 << 20

// PieceShare is the most of a session's window one piece may take at the
// rate the warm-up ended at: when a step stops sessions, their pieces in
// flight finish inside its first window, which discounts half of them, so
// a tenth keeps that to a few percent of the window. On a fast disk the
// pieces then reach whole statements: with 100 KB pieces the fast bed's
// calibrations saw 8 sessions 4% above 4 where full restores saw 16% (the
// server parses ten statements for one, CPU-bound on 2 cores); with whole
// statements 15% (2026-12-01, runs F1 and B1).
const PieceShare = 0.1

// pieceFor is the piece size for a session loading sessionBPS dump bytes
// a second and a window of window: PieceShare of what it loads in one,
// between DefaultInsertPieceBytes and MaxInsertPieceBytes.
func pieceFor(sessionBPS float64, window time.Duration) int {
	b := int(sessionBPS * window.Seconds() * PieceShare)
	return min(max(b, DefaultInsertPieceBytes), MaxInsertPieceBytes)
}

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

// newPendingInsert prepares st for scratch table table; a piece size
// above 0 cuts a plain VALUES list into pieces of about that many bytes of
// whole rows (else or when it cannot, the statement goes whole, with the
// reader's row count).
func newPendingInsert(st dump.Statement, table int, pieceBytes int) (*pendingInsert, error) {
	text := bytes.Clone(st.Rest)
	q, err := insertLoad(st.Verb, table, text)
	if err != nil {
		return nil, err
	}
	q.body = nil // the pieces carry the rows
	p := &pendingInsert{q: q, offset: st.Offset, pieces: []valuesPiece{{body: text, rows: st.Rows}}}
	if pieceBytes > 0 && len(text) > pieceBytes {
		if head, pieces, ok := splitValues(text, pieceBytes); ok {
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
