package diskio

import (
	"encoding/binary"
	"math/rand/v2"
	"unsafe"
)

// defaultAlign is the buffer and offset alignment O_DIRECT needs when the
// filesystem does not say (statx STATX_DIOALIGN, Linux >= 6.1): 4096 covers
// every logical block size in use (512 and 4096 bytes).
const defaultAlign = 4096

// alignedBuffer returns a slice of n bytes whose first byte's address is a
// multiple of align (a power of two).
func alignedBuffer(n, align int) []byte {
	raw := make([]byte, n+align)
	addr := uintptr(unsafe.Pointer(unsafe.SliceData(raw)))
	off := int((uintptr(align) - addr%uintptr(align)) % uintptr(align))
	return raw[off : off+n : off+n]
}

// isAligned reports whether b starts at a multiple of align.
func isAligned(b []byte, align int) bool {
	return uintptr(unsafe.Pointer(unsafe.SliceData(b)))%uintptr(align) == 0
}

// dataPool is one worker's source of incompressible write data: an aligned
// pool of random bytes, handed out at rotating aligned offsets. Before each
// hand-out every 4 KiB sector of the block gets a fresh random stamp, so no
// two writes carry the same sector and a deduplicating or compressing device
// cannot cheat. Not safe for concurrent use: one pool per goroutine.
type dataPool struct {
	buf   []byte
	block int
	align int
	next  int
	rng   *rand.Rand
}

// poolBlocks is how many blocks a pool holds; the rotation repeats after that.
const poolBlocks = 8

// newDataPool fills a pool for writes of block bytes, aligned to align.
func newDataPool(block, align int, seed uint64) *dataPool {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	p := &dataPool{buf: alignedBuffer(block*poolBlocks+block, align), block: block, align: align, rng: rng}
	var key [32]byte
	for i := 0; i < len(key); i += 8 {
		binary.LittleEndian.PutUint64(key[i:], rng.Uint64())
	}
	_, _ = rand.NewChaCha8(key).Read(p.buf) // ChaCha8.Read never fails

	return p
}

// stampSector is the granularity of the per-write stamp (the 4 KiB page a
// deduplicating device compares).
const stampSector = 4096

// take returns the next block of fresh data.
func (p *dataPool) take() []byte {
	b := p.buf[p.next : p.next+p.block]
	p.next += p.align
	if p.next+p.block > len(p.buf) {
		p.next = 0
	}
	for i := 0; i+8 <= len(b); i += stampSector {
		v := p.rng.Uint64()
		for k := range 8 {
			b[i+k] = byte(v >> (8 * k))
		}
	}
	return b
}
