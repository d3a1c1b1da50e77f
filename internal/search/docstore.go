package search

import (
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"
	"unsafe"
)

// docStore keeps the documents of an index packed, for the content of
// results: one byte string per document in a compact binary form of its
// JSON value, with every string (object keys and values) interned in a table
// shared by all documents. Car records repeat most of their text (brands,
// cities, equipment, image paths and their blur placeholders), so 20,000
// packed cars take a few MB where decoded maps took hundreds; a projection
// decodes only the fields asked for, straight into the values encoding/json
// would give (numbers float64, lists []any, objects map[string]any).
//
// Value encoding: a tag byte, then
//
//	tagNull, tagFalse, tagTrue, tagEmpty  nothing ("" for tagEmpty)
//	tagInt    zigzag varint of a whole number (|x| < 2^53)
//	tagFloat  8 bytes, little-endian IEEE 754
//	tagString uvarint index into the string table
//	tagArray  uvarint length, the values
//	tagObject uvarint length, pairs of (uvarint key index into the string table, value),
//	          keys in ascending byte order (the order encoding/json writes)
//
// The strings are kept end to end in one byte slice, not as a []string: at a
// million cars that is millions of small allocations and pointers fewer for
// the collector to scan at every cycle.
type docStore struct {
	strData []byte            // the interned strings, end to end; never changed once written
	strOff  []uint32          // string i is strData[strOff[i]:strOff[i+1]]
	ids     map[string]uint32 // string → index, while building
	keys    map[string]uint32 // object key → index, for projections
	data    []byte
	off     []uint64 // document d is data[off[d]:off[d+1]]
}

const (
	tagNull byte = iota
	tagFalse
	tagTrue
	tagEmpty
	tagInt
	tagFloat
	tagString
	tagArray
	tagObject
)

func newDocStore(n int) *docStore {
	return &docStore{ids: map[string]uint32{}, keys: map[string]uint32{}, off: make([]uint64, 1, n+1), strOff: []uint32{0}}
}

// intern returns the index of str in the table.
func (s *docStore) intern(str string) (uint32, error) {
	if id, ok := s.ids[str]; ok {
		return id, nil
	}
	if len(s.strData)+len(str) > math.MaxUint32 {
		return 0, fmt.Errorf("more than 4 GB of distinct text")
	}
	id := uint32(len(s.strOff) - 1)
	s.strData = append(s.strData, str...)
	s.strOff = append(s.strOff, uint32(len(s.strData)))
	s.ids[str] = id
	return id, nil
}

// str returns string i of the table. It shares strData's bytes, which are
// never written again once interned (appends may move the slice; the old
// array stays valid for the strings that point into it).
func (s *docStore) str(i uint64) string {
	a, b := s.strOff[i], s.strOff[i+1]
	if a == b {
		return ""
	}
	return unsafe.String(&s.strData[a], int(b-a))
}

// done drops build-time state: the table of every string (at a million
// cars, millions of entries) is only needed to intern.
func (s *docStore) done() {
	s.data = slices.Clip(s.data)
	s.strData = slices.Clip(s.strData)
	s.strOff = slices.Clip(s.strOff)
	s.ids = nil
}

func appendNumber(b []byte, x float64) []byte {
	if x == math.Trunc(x) && math.Abs(x) < 1<<53 && !(x == 0 && math.Signbit(x)) {
		return binary.AppendVarint(append(b, tagInt), int64(x))
	}
	return binary.LittleEndian.AppendUint64(append(b, tagFloat), math.Float64bits(x))
}

// doc returns the packed bytes of document d.
func (s *docStore) doc(d uint32) []byte { return s.data[s.off[d]:s.off[d+1]] }

func uvarint(b []byte, p int) (uint64, int) {
	x, n := binary.Uvarint(b[p:])
	return x, p + n
}

// decode returns the value at b[p:] and the position after it.
func (s *docStore) decode(b []byte, p int) (any, int) {
	tag := b[p]
	p++
	switch tag {
	case tagNull:
		return nil, p
	case tagFalse:
		return false, p
	case tagTrue:
		return true, p
	case tagEmpty:
		return "", p
	case tagInt:
		x, n := binary.Varint(b[p:])
		return float64(x), p + n
	case tagFloat:
		return math.Float64frombits(binary.LittleEndian.Uint64(b[p:])), p + 8
	case tagString:
		id, q := uvarint(b, p)
		return s.str(id), q
	case tagArray:
		n, q := uvarint(b, p)
		out := make([]any, n)
		for i := range out {
			out[i], q = s.decode(b, q)
		}
		return out, q
	case tagObject:
		n, q := uvarint(b, p)
		out := make(map[string]any, n)
		for range n {
			var k uint64
			k, q = uvarint(b, q)
			out[s.str(k)], q = s.decode(b, q)
		}
		return out, q
	}
	panic("search: corrupt document store")
}

// skip returns the position after the value at b[p:].
func skip(b []byte, p int) int {
	tag := b[p]
	p++
	switch tag {
	case tagInt, tagString:
		_, q := uvarint(b, p)
		return q
	case tagFloat:
		return p + 8
	case tagArray:
		n, q := uvarint(b, p)
		for range n {
			q = skip(b, q)
		}
		return q
	case tagObject:
		n, q := uvarint(b, p)
		for range n {
			_, q = uvarint(b, q)
			q = skip(b, q)
		}
		return q
	}
	return p
}

// project decodes document d, or with fields only those of its top-level
// fields that fields names.
func (s *docStore) project(d uint32, fields []string) map[string]any {
	b := s.doc(d)
	if len(fields) == 0 {
		m, _ := s.decode(b, 0)
		return m.(map[string]any)
	}
	out := make(map[string]any, len(fields))
	if b[0] != tagObject {
		return out
	}
	want := make([]uint32, 0, len(fields))
	for _, f := range fields {
		if id, ok := s.keys[f]; ok {
			want = append(want, id)
		}
	}
	n, p := uvarint(b, 1)
	for range n {
		var k uint64
		k, p = uvarint(b, p)
		if slices.Contains(want, uint32(k)) {
			out[s.str(k)], p = s.decode(b, p)
		} else {
			p = skip(b, p)
		}
	}
	return out
}

// appendProjectedJSON writes document d, or with fields only those of its
// top-level fields, as JSON (keys sorted, like encoding/json).
func (s *docStore) appendProjectedJSON(out []byte, d uint32, fields []string) []byte {
	b := s.doc(d)
	if len(fields) == 0 || b[0] != tagObject {
		out, _ = s.appendJSON(out, b, 0)
		return out
	}
	n, p := uvarint(b, 1)
	out = append(out, '{')
	first := true
	for range n {
		var k uint64
		k, p = uvarint(b, p)
		if !slices.Contains(fields, s.str(k)) {
			p = skip(b, p)
			continue
		}
		if !first {
			out = append(out, ',')
		}
		first = false
		out = appendJSONString(out, s.str(k))
		out = append(out, ':')
		out, p = s.appendJSON(out, b, p)
	}
	return append(out, '}')
}

// appendJSON writes the value at b[p:] as encoding/json would write its
// decoded form (object keys sorted, HTML characters escaped) and returns the
// position after it.
func (s *docStore) appendJSON(out, b []byte, p int) ([]byte, int) {
	tag := b[p]
	p++
	switch tag {
	case tagNull:
		return append(out, "null"...), p
	case tagFalse:
		return append(out, "false"...), p
	case tagTrue:
		return append(out, "true"...), p
	case tagEmpty:
		return append(out, `""`...), p
	case tagInt:
		x, n := binary.Varint(b[p:])
		return strconv.AppendInt(out, x, 10), p + n
	case tagFloat:
		return appendJSONFloat(out, math.Float64frombits(binary.LittleEndian.Uint64(b[p:]))), p + 8
	case tagString:
		id, q := uvarint(b, p)
		return appendJSONString(out, s.str(id)), q
	case tagArray:
		n, q := uvarint(b, p)
		out = append(out, '[')
		for i := range n {
			if i > 0 {
				out = append(out, ',')
			}
			out, q = s.appendJSON(out, b, q)
		}
		return append(out, ']'), q
	case tagObject:
		n, q := uvarint(b, p)
		out = append(out, '{')
		for i := range n {
			if i > 0 {
				out = append(out, ',')
			}
			var k uint64
			k, q = uvarint(b, q)
			out = appendJSONString(out, s.str(k))
			out = append(out, ':')
			out, q = s.appendJSON(out, b, q)
		}
		return append(out, '}'), q
	}
	panic("search: corrupt document store")
}

// appendJSONFloat formats like encoding/json.
func appendJSONFloat(b []byte, f float64) []byte {
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		n := len(b)
		if n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

const hexDigits = "0123456789abcdef"

// appendJSONString quotes s like encoding/json with HTML escaping.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
