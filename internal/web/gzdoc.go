package web

import (
	"bytes"
	"compress/flate"
	"container/list"
	"crypto/rand"
	"encoding/base64"
	"encoding/binary"
	"hash/crc32"
	"sync"
)

// Pages carry a fresh CSP nonce in every response, so their compressed
// bytes differ every time and compressing a 50–200 KB document per request
// was most of a page's CPU. Instead the document is built with a marker
// where the nonce goes; the parts between markers are compressed once (per
// distinct document) into byte-aligned deflate blocks with their CRCs, and
// each response is those blocks with the nonce spliced in as stored blocks
// and the CRCs combined: a valid gzip stream for a memcpy.

// nonceMarker stands for the nonce in cached documents. It is random per
// process, so content cannot contain it by accident or design.
var nonceMarker = func() string {
	var b [18]byte
	rand.Read(b[:])
	return "nm" + base64.RawURLEncoding.EncodeToString(b[:])
}()

// gzDoc is a document compressed around its nonce markers.
type gzDoc struct {
	parts [][]byte // compressed parts; a nonce goes between each pair
	crcs  []uint32 // CRC-32 of each part's uncompressed bytes
	lens  []int    // uncompressed length of each part
	size  int      // compressed bytes held
}

// gzipDocLevel is the compression level of cached documents: they are
// compressed once, so a good ratio is worth it.
const gzipDocLevel = 6

func newGzDoc(doc []byte) *gzDoc {
	segs := bytes.Split(doc, []byte(nonceMarker))
	d := &gzDoc{parts: make([][]byte, len(segs)), crcs: make([]uint32, len(segs)), lens: make([]int, len(segs))}
	var buf bytes.Buffer
	fw, _ := flate.NewWriter(&buf, gzipDocLevel)
	for i, seg := range segs {
		buf.Reset()
		fw.Reset(&buf)
		fw.Write(seg)
		fw.Flush() // sync flush: ends on a byte boundary, stream not final
		d.parts[i] = bytes.Clone(buf.Bytes())
		d.crcs[i] = crc32.ChecksumIEEE(seg)
		d.lens[i] = len(seg)
		d.size += len(d.parts[i])
	}
	return d
}

// write appends the gzip stream of the document with nonce in place of the
// markers.
func (d *gzDoc) write(dst *bytes.Buffer, nonce string) {
	// gzip header: magic, deflate, no flags, no mtime, no extra flags, unknown OS.
	dst.Write([]byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255})
	n := len(nonce)
	nonceCRC := crc32.ChecksumIEEE([]byte(nonce))
	var crc uint32
	total := 0
	for i, part := range d.parts {
		dst.Write(part)
		crc = crc32Combine(crc, d.crcs[i], d.lens[i])
		total += d.lens[i]
		if i < len(d.parts)-1 {
			// A stored block holding the nonce: header byte (BFINAL=0,
			// BTYPE=00, padded), LEN and its complement, the bytes.
			dst.Write([]byte{0, byte(n), byte(n >> 8), ^byte(n), ^byte(n >> 8)})
			dst.WriteString(nonce)
			crc = crc32Combine(crc, nonceCRC, n)
			total += n
		}
	}
	dst.Write([]byte{3, 0}) // final empty block with fixed Huffman codes
	var tail [8]byte
	binary.LittleEndian.PutUint32(tail[0:], crc)
	binary.LittleEndian.PutUint32(tail[4:], uint32(total))
	dst.Write(tail[:])
}

// crc32Combine returns the CRC-32 (IEEE) of A followed by B from the CRCs
// of A and B and the length of B (zlib's crc32_combine, by GF(2) matrix
// squaring: O(log lenB)).
func crc32Combine(crcA, crcB uint32, lenB int) uint32 {
	if lenB <= 0 {
		return crcA
	}
	var even, odd [32]uint32
	odd[0] = crc32.IEEE // the reversed polynomial: operator for one zero bit
	row := uint32(1)
	for i := 1; i < 32; i++ {
		odd[i] = row
		row <<= 1
	}
	gf2Square(even[:], odd[:]) // two zero bits
	gf2Square(odd[:], even[:]) // four zero bits
	for {
		gf2Square(even[:], odd[:]) // first pass: one zero byte
		if lenB&1 != 0 {
			crcA = gf2Times(even[:], crcA)
		}
		lenB >>= 1
		if lenB == 0 {
			break
		}
		gf2Square(odd[:], even[:])
		if lenB&1 != 0 {
			crcA = gf2Times(odd[:], crcA)
		}
		lenB >>= 1
		if lenB == 0 {
			break
		}
	}
	return crcA ^ crcB
}

func gf2Times(mat []uint32, vec uint32) uint32 {
	var sum uint32
	for i := 0; vec != 0; i, vec = i+1, vec>>1 {
		if vec&1 != 0 {
			sum ^= mat[i]
		}
	}
	return sum
}

func gf2Square(square, mat []uint32) {
	for n := 0; n < 32; n++ {
		square[n] = gf2Times(mat, mat[n])
	}
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
