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
// was most of a page's CPU. Instead the document is built with a fixed
// marker where the nonce goes; the parts between markers are compressed
// once (per distinct document) into byte-aligned deflate blocks, and each
// response is those blocks with the nonce spliced in as stored blocks — a
// valid gzip stream assembled with a memcpy and a CRC.

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
	size  int      // compressed bytes held
}

// gzipDocLevel is the compression level of cached documents: they are
// compressed once, so a good ratio is worth it.
const gzipDocLevel = 6

func newGzDoc(doc []byte) *gzDoc {
	segs := bytes.Split(doc, []byte(nonceMarker))
	d := &gzDoc{parts: make([][]byte, len(segs))}
	var buf bytes.Buffer
	fw, _ := flate.NewWriter(&buf, gzipDocLevel)
	for i, seg := range segs {
		buf.Reset()
		fw.Reset(&buf)
		fw.Write(seg)
		fw.Flush() // sync flush: ends on a byte boundary, stream not final
		d.parts[i] = bytes.Clone(buf.Bytes())
		d.size += len(d.parts[i])
	}
	return d
}

// write appends the gzip stream of the document with nonce in place of the
// markers. The uncompressed bytes are needed only for the CRC and length.
func (d *gzDoc) write(dst *bytes.Buffer, doc []byte, nonce string) {
	// gzip header: magic, deflate, no flags, no mtime, no extra flags, unknown OS.
	dst.Write([]byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255})
	crc := crc32.NewIEEE()
	segs := bytes.Split(doc, []byte(nonceMarker))
	total := 0
	for i, part := range d.parts {
		dst.Write(part)
		crc.Write(segs[i])
		total += len(segs[i])
		if i < len(d.parts)-1 {
			// A stored block holding the nonce: header byte (BFINAL=0,
			// BTYPE=00, padded), LEN and its complement, the bytes.
			n := len(nonce)
			dst.Write([]byte{0, byte(n), byte(n >> 8), ^byte(n), ^byte(n >> 8)})
			dst.WriteString(nonce)
			crc.Write([]byte(nonce))
			total += n
		}
	}
	dst.Write([]byte{3, 0}) // final empty block with fixed Huffman codes
	var tail [8]byte
	binary.LittleEndian.PutUint32(tail[0:], crc.Sum32())
	binary.LittleEndian.PutUint32(tail[4:], uint32(total))
	dst.Write(tail[:])
}

// gzDocCache keeps compressed documents by the hash of their marked bytes,
// bounded by the compressed bytes it holds.
type gzDocCache struct {
	mu       sync.Mutex
	maxBytes int
	bytes    int
	ll       *list.List
	items    map[[32]byte]*list.Element
}

type gzEntry struct {
	key [32]byte
	doc *gzDoc
}

func newGzDocCache(maxBytes int) *gzDocCache {
	return &gzDocCache{maxBytes: maxBytes, ll: list.New(), items: map[[32]byte]*list.Element{}}
}

// get returns the compressed document of doc (whose hash is key),
// compressing it on a miss.
func (c *gzDocCache) get(key [32]byte, doc []byte) *gzDoc {
	c.mu.Lock()
	if e, ok := c.items[key]; ok {
		c.ll.MoveToFront(e)
		c.mu.Unlock()
		return e.Value.(*gzEntry).doc
	}
	c.mu.Unlock()
	d := newGzDoc(doc) // outside the lock: concurrent misses may both compress
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.items[key]; !ok {
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
	return d
}
