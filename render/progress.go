package render

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// progressInterval throttles redraws to about 10 Hz: faster than the eye
// needs, slow enough to cost nothing next to the I/O being measured.
const progressInterval = 100 * time.Millisecond

// progressWidth keeps the progress line inside an 80-column terminal, one
// cell short of it so the cursor never wraps.
const progressWidth = DefaultWidth - 1

// clearLine is CR followed by ECMA-48 "Erase in Line" (CSI K): back to the
// line's start and erase what the last redraw left.
const clearLine = "\r\x1b[K"

// Progress draws a one-line live status (phase, elapsed/total, current
// figure) on a terminal while a probe runs. A disabled Progress writes
// nothing, so piped or redirected output stays clean. It is safe for
// concurrent use.
type Progress struct {
	mu      sync.Mutex
	w       io.Writer
	enabled bool
	now     func() time.Time
	last    time.Time
	drawn   bool
	// width is the widest line drawn: one cell short of the terminal's
	// width, so the line never wraps (a wrapped line's \r goes back only to
	// its last row, and every redraw left a row behind).
	width int
	// plain draws with \r and blanks alone, for TERM=dumb (Emacs' shell),
	// which shows an escape sequence as "^[[K"; drawnLen is what to blank.
	plain    bool
	drawnLen int
}

// NewProgress returns a Progress that draws on w (normally stderr) when
// enabled is true (normally: w is a terminal).
func NewProgress(w io.Writer, enabled bool) *Progress {
	return &Progress{w: w, enabled: enabled, now: time.Now, width: progressWidth}
}

// ForTerminal fits the progress to a terminal of cols columns (0 or less:
// not known, the 80 columns assumed) and, when dumb (TERM=dumb), draws
// without escape sequences. It returns p.
func (p *Progress) ForTerminal(cols int, dumb bool) *Progress {
	if cols > 1 {
		p.width = min(cols-1, progressWidth)
	}
	p.plain = dumb
	return p
}

// erase is what takes the cursor back over the line drawn last and
// blanks it.
func (p *Progress) erase() string {
	if !p.plain {
		return clearLine
	}
	return "\r" + strings.Repeat(" ", p.drawnLen) + "\r"
}

// Update redraws the line with the current phase, the time spent against
// the total budget and the latest figure ("812 MB/s"). Calls closer than
// progressInterval to the last drawn one are dropped, except a phase's first.
func (p *Progress) Update(phase string, elapsed, total time.Duration, figure string) {
	if p == nil || !p.enabled {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.now()
	if p.drawn && now.Sub(p.last) < progressInterval {
		return
	}
	p.last, p.drawn = now, true
	line := fit(progressLine(phase, elapsed, total, figure), p.width)
	fmt.Fprint(p.w, p.erase()+line)
	p.drawnLen = len([]rune(line))
}

// Done erases the progress line, leaving the cursor at the start of an
// empty line for whatever is printed next.
func (p *Progress) Done() {
	if p == nil || !p.enabled {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.drawn {
		fmt.Fprint(p.w, p.erase())
		p.drawn, p.drawnLen = false, 0
	}
}

// progressLine formats "measuring seq write  3.2s / 10s  [=====     ]  812 MB/s".
func progressLine(phase string, elapsed, total time.Duration, figure string) string {
	frac := 0.0
	if total > 0 {
		frac = float64(elapsed) / float64(total)
	}
	frac = min(max(frac, 0), 1)
	const cells = 20
	done := int(frac * cells)
	gauge := "[" + strings.Repeat("=", done) + strings.Repeat(" ", cells-done) + "]"
	line := fmt.Sprintf("measuring %s  %s / %s  %s  %s", clean(phase), roundDur(elapsed), roundDur(total),
		gauge, clean(figure))
	return fit(strings.TrimRight(line, " "), progressWidth)
}

// roundDur rounds d to a tenth of a second for display.
func roundDur(d time.Duration) string {
	return d.Round(100 * time.Millisecond).String()
}
