package calibrate

import "math/rand/v2"

// Shapes of sysbench's oltp tables (sysbench src/lua/oltp_common.lua): c is
// ten groups of 11 random digits joined by '-', pad five groups; k is a
// random integer. Random digits keep the rows from compressing to nothing.
const (
	cGroups   = 10
	padGroups = 5
	groupLen  = 11
	// kRange bounds k like sysbench's default table size (10,000 rows).
	kRange = 10000
)

// rowMaker makes random rows for one connection; not safe for concurrent use.
type rowMaker struct {
	rng *rand.Rand
	buf []byte
}

func newRowMaker(seed uint64) *rowMaker {
	return &rowMaker{rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

// fill appends the arguments (k, c, pad) of n rows to args.
func (m *rowMaker) fill(args []any, n int) []any {
	for range n {
		args = append(args, m.rng.IntN(kRange)+1, m.groups(cGroups), m.groups(padGroups))
	}
	return args
}

// groups is g groups of groupLen random digits joined by '-'.
func (m *rowMaker) groups(g int) string {
	m.buf = m.buf[:0]
	for i := range g {
		if i > 0 {
			m.buf = append(m.buf, '-')
		}
		for range groupLen {
			m.buf = append(m.buf, byte('0'+m.rng.IntN(10)))
		}
	}
	return string(m.buf)
}
