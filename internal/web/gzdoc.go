package web

import (
	"bytes"
	"container/list"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
	"sync"
	"sync/atomic"

	"github.com/klauspost/compress/flate"
)

// A page's document is compressed once (per distinct document) and served
// compressed from then on. It is compressed in parts, each into
// byte-aligned deflate blocks with its CRC: the site's dictionary (25 KB of
// every page) is a part compressed once for all pages that carry it, and a
// response is the parts one after the other with their CRCs combined: a
// valid gzip stream for a memcpy.

// gzDoc is a document compressed in parts.
type gzDoc struct {
	parts []gzPart
	size  int // compressed bytes held
	level int // the flate level of the parts
	// hashes are the CSP hash sources of the document's inline scripts.
	hashes []string

	upgrading atomic.Bool // being recompressed at gzipDocLevel
}

// gzPart is a piece of a document compressed on its own into byte-aligned
// deflate blocks (a sync flush, no final block), so pieces can follow each
// other in one stream.
type gzPart struct {
	z   []byte // the compressed bytes
	crc uint32 // CRC-32 of the uncompressed bytes
	n   int    // uncompressed length
}

// docPiece is an uncompressed piece of a document: its bytes, or a piece
// compressed already (the site's dictionary, the same in every page).
type docPiece struct {
	b []byte
	z *gzPart
}

// gzipDocLevel is the compression level of documents asked for more than
// once: they are served many times, so a good ratio is worth it.
const gzipDocLevel = 6

// gzipFirstLevel is the level of a document's first compression. Most
// documents of the long tail (one car's page, one combination of filters)
// are asked for once: level 3 costs 0.4 ms where level 6 costs 0.67 ms (a
// 66 KB car page document; the standard library's flate took 1.2 and 1.6
// ms) for 7% more bytes. A document asked for again is recompressed at
// gzipDocLevel in the background (Server.upgradeGzDoc).
const gzipFirstLevel = 3

// flateWriters pools a compressor per level: a compressor holds some
// hundred KB of tables, which allocating per document made the collector's
// work and the process's RSS.
var flateWriters = map[int]*sync.Pool{}

func init() {
	for _, level := range []int{gzipFirstLevel, gzipDocLevel} {
		flateWriters[level] = &sync.Pool{New: func() any {
			w, _ := flate.NewWriter(nil, level)
			return w
		}}
	}
}

// scratchBuffers are reused for what is copied out before they go back:
// a page's document and its compressed parts (50–300 KB each, one per
// uncached page, were a fifth of the bytes the server allocated).
var scratchBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// compressDocument compresses a page's document at gzipFirstLevel, its
// dictionary (doc[dictStart:dictEnd], named by dictKey) compressed once for
// every document that carries it.
func compressDocument(doc []byte, dictStart, dictEnd int, dictKey uint64, level int) *gzDoc {
	return newGzDocPieces([]docPiece{
		{b: doc[:dictStart]},
		{z: sharedPart(dictKey, doc[dictStart:dictEnd], gzipDocLevel)},
		{b: doc[dictEnd:]},
	}, level)
}

// newGzDocPieces compresses the pieces of a document at level, each on its
// own; pieces compressed already are taken as they are.
func newGzDocPieces(pieces []docPiece, level int) *gzDoc {
	d := &gzDoc{parts: make([]gzPart, len(pieces)), level: level}
	for i, pc := range pieces {
		if pc.z != nil {
			d.parts[i] = *pc.z
		} else {
			d.parts[i] = compressPart(pc.b, level)
		}
		d.size += len(d.parts[i].z)
	}
	return d
}

// compressPart compresses b on its own at level.
func compressPart(b []byte, level int) gzPart {
	pool := flateWriters[level]
	if pool == nil {
		panic("gzdoc: no compressor pool for level")
	}
	fw := pool.Get().(*flate.Writer)
	defer pool.Put(fw)
	buf := scratchBuffers.Get().(*bytes.Buffer)
	defer scratchBuffers.Put(buf)
	buf.Reset()
	fw.Reset(buf)
	fw.Write(b)
	fw.Flush() // sync flush: ends on a byte boundary, stream not final
	return gzPart{z: bytes.Clone(buf.Bytes()), crc: crc32.ChecksumIEEE(b), n: len(b)}
}

// pieces returns the uncompressed pieces of d, for recompressing it.
func (d *gzDoc) pieces() ([]docPiece, error) {
	out := make([]docPiece, len(d.parts))
	for i, part := range d.parts {
		// Each part ends with a sync flush, not a final block: the reader
		// gives every byte, then io.ErrUnexpectedEOF.
		b, err := io.ReadAll(flate.NewReader(bytes.NewReader(part.z)))
		if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, err
		}
		if len(b) != part.n || crc32.ChecksumIEEE(b) != part.crc {
			return nil, errors.New("gzdoc: part does not decompress to what it held")
		}
		out[i] = docPiece{b: b}
	}
	return out, nil
}

// streamLen is the length of the gzip stream write gives.
func (d *gzDoc) streamLen() int { return 10 + d.size + 2 + 8 }

// stream returns the gzip stream of the document in one piece.
func (d *gzDoc) stream() []byte {
	var buf bytes.Buffer
	buf.Grow(d.streamLen())
	d.write(&buf)
	return buf.Bytes()
}

// write writes the gzip stream of the document (streamLen bytes): the
// parts as they are, no copy of the whole.
func (d *gzDoc) write(dst io.Writer) {
	// gzip header: magic, deflate, no flags, no mtime, no extra flags, unknown OS.
	dst.Write([]byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255})
	var crc uint32
	total := 0
	for _, part := range d.parts {
		dst.Write(part.z)
		crc = crc32Combine(crc, part.crc, part.n)
		total += part.n
	}
	dst.Write([]byte{3, 0}) // final empty block with fixed Huffman codes
	var tail [8]byte
	binary.LittleEndian.PutUint32(tail[0:], crc)
	binary.LittleEndian.PutUint32(tail[4:], uint32(total))
	dst.Write(tail[:])
}

// sharedParts keeps the compressed form of pieces that many documents
// share (a site's dictionary, 25 KB of every page), by a key naming their
// content and the level: compressed once, not once per page.
var sharedParts struct {
	sync.Mutex
	m map[[2]uint64]gzPart
}

// sharedPart returns b compressed on its own at level, b named by key.
func sharedPart(key uint64, b []byte, level int) *gzPart {
	k := [2]uint64{key, uint64(level)}
	sharedParts.Lock()
	p, ok := sharedParts.m[k]
	sharedParts.Unlock()
	if !ok {
		p = compressPart(b, level)
		sharedParts.Lock()
		if sharedParts.m == nil || len(sharedParts.m) >= 64 {
			sharedParts.m = map[[2]uint64]gzPart{}
		}
		sharedParts.m[k] = p
		sharedParts.Unlock()
	}
	return &p
}

// crc32Combine returns the CRC-32 (IEEE) of A followed by B from the CRCs
// of A and B and the length of B: CRC(A) multiplied by x^(8·lenB) modulo
// the polynomial, plus CRC(B) (zlib's crc32_combine with its table of
// x^(2^n), so a combine costs a few dozen shifts).
func crc32Combine(crcA, crcB uint32, lenB int) uint32 {
	if lenB <= 0 {
		return crcA
	}
	return multModP(x2nModP(lenB, 3), crcA) ^ crcB
}

// crcPoly is the reflected IEEE polynomial.
const crcPoly = 0xedb88320

// x2nTable[n] is x^(2^n) modulo the polynomial.
var x2nTable = func() (t [32]uint32) {
	p := uint32(1) << 30 // x^1 (reflected: bit 31 is x^0)
	t[0] = p
	for n := 1; n < 32; n++ {
		p = multModP(p, p)
		t[n] = p
	}
	return t
}()

// multModP multiplies a and b modulo the polynomial (reflected bit order).
func multModP(a, b uint32) uint32 {
	m := uint32(1) << 31
	var p uint32
	for {
		if a&m != 0 {
			p ^= b
			if a&(m-1) == 0 {
				break
			}
		}
		m >>= 1
		if b&1 != 0 {
			b = b>>1 ^ crcPoly
		} else {
			b >>= 1
		}
	}
	return p
}

// x2nModP returns x^(n·2^k) modulo the polynomial.
func x2nModP(n int, k uint) uint32 {
	p := uint32(1) << 31
	for n != 0 {
		if n&1 != 0 {
			p = multModP(x2nTable[k&31], p)
		}
		n >>= 1
		k++
	}
	return p
}

// gzDocCache keeps compressed documents by their key, bounded by the
// compressed bytes it holds. A nil cache keeps nothing.
type gzDocCache struct {
	mu       sync.Mutex
	maxBytes int
	bytes    int
	ll       *list.List
	items    map[uint64]*list.Element
}

type gzEntry struct {
	key uint64
	doc *gzDoc
}

func newGzDocCache(maxBytes int) *gzDocCache {
	return &gzDocCache{maxBytes: maxBytes, ll: list.New(), items: map[uint64]*list.Element{}}
}

// get returns the document under key, or nil.
func (c *gzDocCache) get(key uint64) *gzDoc {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[key]; ok {
		c.ll.MoveToFront(e)
		return e.Value.(*gzEntry).doc
	}
	return nil
}

// replace puts d in place of old under key, if old is still there.
func (c *gzDocCache) replace(key uint64, old, d *gzDoc) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.items[key]
	if !ok || e.Value.(*gzEntry).doc != old {
		return
	}
	e.Value.(*gzEntry).doc = d
	c.bytes += d.size - old.size
}

// put keeps d under key, dropping the least recently used documents past
// the byte bound.
func (c *gzDocCache) put(key uint64, d *gzDoc) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.items[key]; ok {
		return
	}
	c.items[key] = c.ll.PushFront(&gzEntry{key, d})
	c.bytes += d.size
	for c.bytes > c.maxBytes && c.ll.Len() > 1 {
		e := c.ll.Back()
		c.ll.Remove(e)
		old := e.Value.(*gzEntry)
		delete(c.items, old.key)
		c.bytes -= old.doc.size
	}
}
