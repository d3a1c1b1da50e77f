package search

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"forecourt/internal/errs"

	"github.com/RoaringBitmap/roaring/v2"
)

// Index is an immutable, searchable set of documents built by Build. It is
// safe for concurrent use.
type Index struct {
	schema   *Schema
	n        int
	store    *docStore // the documents, packed, for the content of results
	ids      []string
	byID     map[string]uint32
	all      *roaring.Bitmap
	keywords map[string]*keywordIndex // keyword, bool and list-faceted number fields
	numbers  map[string]*numberIndex
	children map[string]*childIndex // by parent field
	terms    []string               // sorted folded keyphrase terms
	postings docSets                // postings.get(i) holds the docs of terms[i]
	// prefixes holds the unions of postings for 1- and 2-byte prefixes shared
	// by many terms, so that one-letter keyphrases stay fast.
	prefixes map[string]*roaring.Bitmap
}

// docSets holds one set of docs per value (or keyphrase term). Most values
// of fields such as slug or registration number, and their terms, belong
// to one doc: those are kept as the doc's number, not as a roaring bitmap
// (about 160 bytes and five pointers each, which the collector scans), and
// made into a bitmap when a query asks for one. At a million cars that is
// three million bitmaps fewer.
type docSets struct {
	bms []*roaring.Bitmap // nil where one holds the only doc
	one []uint32
}

func (s *docSets) len() int { return len(s.bms) }

// add appends the set of docs (ascending, not empty).
func (s *docSets) add(docs []uint32) {
	if len(docs) == 1 {
		s.bms = append(s.bms, nil)
		s.one = append(s.one, docs[0])
		return
	}
	s.bms = append(s.bms, bitmapOf(docs))
	s.one = append(s.one, 0)
}

// get returns set i as a bitmap (read-only).
func (s *docSets) get(i int) *roaring.Bitmap {
	if bm := s.bms[i]; bm != nil {
		return bm
	}
	return roaring.BitmapOf(s.one[i])
}

// union returns the union of sets i..j-1 (read-only: it may be one of them).
func (s *docSets) union(i, j int) *roaring.Bitmap {
	var bms []*roaring.Bitmap
	var ones []uint32
	for k := i; k < j; k++ {
		if bm := s.bms[k]; bm != nil {
			bms = append(bms, bm)
		} else {
			ones = append(ones, s.one[k])
		}
	}
	if len(ones) > 0 {
		slices.Sort(ones)
		bms = append(bms, roaring.BitmapOf(ones...))
	}
	return or(bms)
}

// iterate calls fn with every doc of set i.
func (s *docSets) iterate(i int, fn func(d uint32) bool) {
	if bm := s.bms[i]; bm != nil {
		bm.Iterate(fn)
		return
	}
	fn(s.one[i])
}

// andCard returns how many docs of set i are in bm.
func (s *docSets) andCard(i int, bm *roaring.Bitmap) int {
	if b := s.bms[i]; b != nil {
		return int(b.AndCardinality(bm))
	}
	if bm.Contains(s.one[i]) {
		return 1
	}
	return 0
}

func (s *docSets) clip() {
	s.bms, s.one = slices.Clip(s.bms), slices.Clip(s.one)
}

// keywordIndex holds the docs of each distinct value, in facet order.
type keywordIndex struct {
	values []string
	bms    docSets
	pos    map[string]int
	// folded gives the position of the value that folds (case, accents)
	// to a key, so a filter value "bmw" or "truck" finds "BMW" or "TRUCK"
	// when no value is spelt exactly so; -1-i when several values fold to
	// the key, whose positions are then foldedMany[i].
	folded     map[string]int32
	foldedMany [][]int
	total      []int    // docs per value: the unfiltered counts
	ords       ordinals // single-valued fields: doc → value position
}

// numberIndex is the column of a number field and its sort orders.
type numberIndex struct {
	field Field
	col   []float64 // by doc; NaN when the doc has no value
	// asc and desc order all docs by value, ties and docs without a value
	// (last) in doc order. A doc's position in them is not stored (8 bytes
	// per doc and field, 128 MB at a million cars): orderLess gives it.
	asc, desc []uint32
	valued    int           // docs with a value: asc[:valued]
	list      *keywordIndex // ListFacet fields: one bitmap per value
	hist      Histogram     // over all docs
}

// childIndex holds the children of every parent value of a hierarchy.
type childIndex struct {
	h Hierarchy
	// flat lists the children grouped by parent value position, each group in
	// child facet order: the children of parent p are flat[start[p]:start[p+1]].
	flat  []childValue
	start []int
	ords  ordinals // doc → position in flat; none when the doc lacks parent or child
	pairs map[string]*roaring.Bitmap
	// fpairs holds the same bitmaps under folded "parent>child" keys.
	fpairs map[string][]*roaring.Bitmap
}

type childValue struct {
	text  string
	bm    *roaring.Bitmap
	total int
}

// Len returns the number of documents.
func (ix *Index) Len() int { return ix.n }

// Schema returns the schema the index was built with.
func (ix *Index) Schema() *Schema { return ix.schema }

// Build indexes docs, decoded JSON objects (see JSONDoc), in the given
// order (which is the order of results without sort_name). The index keeps
// the documents packed (see docStore), not the maps: callers may drop or
// reuse them. A document without its id, with a duplicate id or with a
// field of the wrong type is an Invalid error naming the document and the
// field.
func Build(schema *Schema, docs []map[string]any) (*Index, error) {
	b, err := NewBuilder(schema, len(docs))
	if err != nil {
		return nil, err
	}
	for _, doc := range docs {
		if err := b.Add(JSONDoc(doc)); err != nil {
			return nil, err
		}
	}
	return b.Finish()
}

// Builder builds an Index one document at a time: a caller making documents
// from typed records streams them in as they are read, and nothing but the
// index's own packed copy is kept. A Builder is used once.
type Builder struct {
	schema   *Schema
	ix       *Index
	numbers  []*numberIndex // the columns of ix.numbers, in schema order
	kwDocs   map[string]map[string][]uint32
	pairDocs []map[[2]string][]uint32 // by hierarchy
	termDocs map[string][]uint32
	tc       termCollector
	w        *Writer
}

// NewBuilder starts an index of schema; sizeHint is the expected number of
// documents.
func NewBuilder(schema *Schema, sizeHint int) (*Builder, error) {
	if err := schema.check(); err != nil {
		return nil, errs.Wrap(err, "bad search schema")
	}
	sizeHint = max(0, min(sizeHint, 1<<24))
	ix := &Index{
		schema:   schema,
		store:    newDocStore(sizeHint),
		ids:      make([]string, 0, sizeHint),
		byID:     make(map[string]uint32, sizeHint),
		keywords: map[string]*keywordIndex{},
		numbers:  map[string]*numberIndex{},
		children: map[string]*childIndex{},
	}
	b := &Builder{schema: schema, ix: ix, kwDocs: map[string]map[string][]uint32{}, termDocs: map[string][]uint32{}}
	for _, f := range schema.Fields {
		switch f.Kind {
		case Keyword, Bool:
			b.kwDocs[f.Name] = map[string][]uint32{}
		case Number:
			ni := &numberIndex{field: f, col: make([]float64, 0, sizeHint)}
			ix.numbers[f.Name] = ni
			b.numbers = append(b.numbers, ni)
		}
	}
	for range schema.Hierarchies {
		b.pairDocs = append(b.pairDocs, map[[2]string][]uint32{})
	}
	b.tc = termCollector{docs: b.termDocs, memo: map[string][]string{}}
	b.w = newWriter(ix.store, b)
	return b, nil
}

// Add indexes the next document. A document the schema does not take (no
// id or a duplicate one, a field of the wrong type, a field written twice)
// is an Invalid error naming the document and the field; it is left out and
// the Builder stays usable.
func (b *Builder) Add(doc Document) error {
	ix, schema, w := b.ix, b.schema, b.w
	d := ix.n
	if d >= math.MaxUint32/2 {
		return errs.E(errs.Invalid, "too many documents: %d", d+1)
	}
	w.reset()
	doc.WriteDoc(w)
	data := w.finish(ix.store.data)
	if !w.hasID || w.badID {
		return errs.E(errs.Invalid, "document %d: missing or invalid id field %s", d, schema.ID)
	}
	id := w.id
	if prev, dup := ix.byID[id]; dup {
		return errs.E(errs.Invalid, "document %d (%s %s): duplicate id, also document %d", d, schema.ID, id, prev)
	}
	if w.err != "" {
		if w.errField == "" {
			return errs.E(errs.Invalid, "document %d (%s %s): %s", d, schema.ID, id, w.err)
		}
		return errs.E(errs.Invalid, "document %d (%s %s): field %s: %s", d, schema.ID, id, w.errField, w.err)
	}

	// The document is good: it goes in.
	ix.store.data = data
	ix.store.off = append(ix.store.off, uint64(len(data)))
	for _, ni := range b.numbers {
		ni.col = append(ni.col, math.NaN())
	}
	for _, n := range w.nums {
		n.ni.col[d] = n.x
	}
	for i, kv := range w.kws {
		if kv.key.field.List && slices.ContainsFunc(w.kws[:i], func(o kwValue) bool { return o.key == kv.key && o.v == kv.v }) {
			continue // a value listed twice
		}
		kv.key.kw[kv.v] = append(kv.key.kw[kv.v], uint32(d))
	}
	for h := range schema.Hierarchies {
		p, c := w.hier[2*h], w.hier[2*h+1]
		if p != "" && c != "" {
			k := [2]string{p, c}
			b.pairDocs[h][k] = append(b.pairDocs[h][k], uint32(d))
		}
	}
	for _, t := range w.texts {
		b.tc.addText(t, uint32(d))
	}
	ix.ids = append(ix.ids, id)
	ix.byID[id] = uint32(d)
	ix.n++
	return nil
}

// Finish builds the index of the added documents.
func (b *Builder) Finish() (*Index, error) {
	ix, schema, n := b.ix, b.schema, b.ix.n
	kwDocs, pairDocs, termDocs := b.kwDocs, b.pairDocs, b.termDocs
	b.ix = nil
	ix.all = roaring.New()
	ix.all.AddRange(0, uint64(n))
	ix.ids = slices.Clip(ix.ids)

	for name, m := range kwDocs {
		f, _ := schema.field(name)
		ix.keywords[name] = newKeywordIndex(m, n, !f.List)
	}
	allDocs := ix.all.ToArray()
	for _, ni := range ix.numbers {
		ni.sortOrders()
		if ni.field.Facet == ListFacet {
			ni.list = ni.listIndex()
		}
		ni.hist = histogram(ni.col, allDocs, schema.buckets())
	}
	for i, h := range schema.Hierarchies {
		ix.children[h.Parent] = newChildIndex(h, ix.keywords[h.Parent], pairDocs[i], n)
	}
	ix.terms = make([]string, 0, len(termDocs))
	for t := range termDocs {
		ix.terms = append(ix.terms, t)
	}
	slices.Sort(ix.terms)
	for _, t := range ix.terms {
		ix.postings.add(termDocs[t])
	}
	ix.postings.clip()
	ix.store.done()
	ix.prefixes = map[string]*roaring.Bitmap{}
	for l := 1; l <= 2; l++ {
		for i := 0; i < len(ix.terms); {
			if len(ix.terms[i]) < l {
				i++
				continue
			}
			p := ix.terms[i][:l]
			j := i + 1
			for j < len(ix.terms) && strings.HasPrefix(ix.terms[j], p) {
				j++
			}
			if j-i > prefixUnionMin {
				ix.prefixes[p] = ix.postings.union(i, j).Clone()
			}
			i = j
		}
	}
	return ix, nil
}

// prefixUnionMin is the number of terms above which a short prefix's union
// is computed at build time.
const prefixUnionMin = 16

// bitmapOf makes the bitmap of docs (ascending). Index bitmaps are not
// run-optimised: some operations on run containers (AndNot) are much slower
// than on array and bitmap containers.
func bitmapOf(docs []uint32) *roaring.Bitmap {
	return roaring.BitmapOf(docs...)
}

// valueLess orders facet values: case- and accent-insensitively, then bytewise.
func valueLess(a, b string) int {
	if c := cmp.Compare(fold(a), fold(b)); c != 0 {
		return c
	}
	return cmp.Compare(a, b)
}

func newKeywordIndex(m map[string][]uint32, n int, single bool) *keywordIndex {
	k := &keywordIndex{pos: make(map[string]int, len(m)), folded: make(map[string]int32, len(m))}
	type key struct{ folded, v string }
	keys := make([]key, 0, len(m))
	for v := range m {
		keys = append(keys, key{fold(v), v})
	}
	// valueLess order, folding each value once; "false" < "true" for bools.
	slices.SortFunc(keys, func(a, b key) int {
		if c := cmp.Compare(a.folded, b.folded); c != 0 {
			return c
		}
		return cmp.Compare(a.v, b.v)
	})
	for _, kv := range keys {
		k.add(kv.v, m[kv.v])
	}
	k.bms.clip()
	if single {
		k.fillOrds(n)
	}
	return k
}

// add appends value v held by docs (ascending).
func (k *keywordIndex) add(v string, docs []uint32) {
	if k.folded == nil {
		k.folded = map[string]int32{}
	}
	p := len(k.values)
	f := fold(v)
	if f == v {
		f = v // share the value's bytes
	}
	switch q, ok := k.folded[f]; {
	case !ok:
		k.folded[f] = int32(p)
	case q >= 0:
		k.foldedMany = append(k.foldedMany, []int{int(q), p})
		k.folded[f] = int32(-len(k.foldedMany))
	default:
		k.foldedMany[-q-1] = append(k.foldedMany[-q-1], p)
	}
	k.pos[v] = p
	k.values = append(k.values, v)
	k.bms.add(docs)
	k.total = append(k.total, len(docs))
}

// foldedPositions returns the positions of the values folding to f.
func (k *keywordIndex) foldedPositions(f string) []int {
	q, ok := k.folded[f]
	switch {
	case !ok:
		return nil
	case q >= 0:
		return []int{int(q)}
	}
	return k.foldedMany[-q-1]
}

func (k *keywordIndex) fillOrds(n int) {
	k.ords = newOrdinals(n, len(k.values))
	for p := range k.bms.len() {
		k.bms.iterate(p, func(d uint32) bool { k.ords.set(d, p); return true })
	}
}

// ordinals maps each doc to a value position, or to none: one byte per doc
// when there are fewer than 255 values (every faceted field but ids, slugs
// and registrations), four otherwise. At a million cars and some forty
// single-valued fields that is 110 MB less, and counting reads less memory.
type ordinals struct {
	small []uint8 // position + 1; 0 for none
	large []int32 // position; -1 for none
}

func newOrdinals(n, values int) ordinals {
	if values < math.MaxUint8 {
		return ordinals{small: make([]uint8, n)}
	}
	o := ordinals{large: make([]int32, n)}
	for i := range o.large {
		o.large[i] = -1
	}
	return o
}

func (o *ordinals) set(d uint32, p int) {
	if o.small != nil {
		o.small[d] = uint8(p + 1)
		return
	}
	o.large[d] = int32(p)
}

func (o *ordinals) present() bool { return o.small != nil || o.large != nil }

// count adds delta to c[position] for each of docs that has one.
func (o *ordinals) count(c []int, docs []uint32, delta int) {
	if o.small != nil {
		ords := o.small
		if delta > 0 {
			// c[0] counts the docs without a value, so the loop has no branch.
			c0 := make([]int, len(c)+1)
			for _, d := range docs {
				c0[ords[d]]++
			}
			for i := range c {
				c[i] += c0[i+1]
			}
			return
		}
		for _, d := range docs {
			if o := ords[d]; o > 0 {
				c[o-1] += delta
			}
		}
		return
	}
	for _, d := range docs {
		if o := o.large[d]; o >= 0 {
			c[o] += delta
		}
	}
}

func newChildIndex(h Hierarchy, parent *keywordIndex, pairs map[[2]string][]uint32, n int) *childIndex {
	byParent := make([][]childValue, len(parent.values))
	ci := &childIndex{h: h, pairs: map[string]*roaring.Bitmap{}, fpairs: map[string][]*roaring.Bitmap{}}
	for k, docs := range pairs {
		p := parent.pos[k[0]]
		bm := bitmapOf(docs)
		byParent[p] = append(byParent[p], childValue{text: k[1], bm: bm, total: len(docs)})
		ci.pairs[k[0]+">"+k[1]] = bm
		fk := fold(k[0]) + ">" + fold(k[1])
		ci.fpairs[fk] = append(ci.fpairs[fk], bm)
	}
	children := 0
	for _, cs := range byParent {
		children += len(cs)
	}
	ci.ords = newOrdinals(n, children)
	for _, cs := range byParent {
		slices.SortFunc(cs, func(a, b childValue) int { return valueLess(a.text, b.text) })
		ci.start = append(ci.start, len(ci.flat))
		for _, c := range cs {
			f := int32(len(ci.flat))
			c.bm.Iterate(func(d uint32) bool { ci.ords.set(d, int(f)); return true })
			ci.flat = append(ci.flat, c)
		}
	}
	ci.start = append(ci.start, len(ci.flat))
	return ci
}

func (ni *numberIndex) sortOrders() {
	n := len(ni.col)
	col := ni.col
	valued := make([]uint32, 0, n)
	var missing []uint32
	for d, x := range col {
		if math.IsNaN(x) {
			missing = append(missing, uint32(d))
		} else {
			valued = append(valued, uint32(d))
		}
	}
	slices.SortStableFunc(valued, func(a, b uint32) int { return cmp.Compare(col[a], col[b]) })
	ni.valued = len(valued)
	ni.asc = append(valued, missing...)
	// Descending: the groups of equal values in reverse order, each group
	// keeping ascending doc order; then the docs without a value.
	ni.desc = make([]uint32, 0, n)
	for hi := ni.valued; hi > 0; {
		lo := hi - 1
		for lo > 0 && col[ni.asc[lo-1]] == col[ni.asc[hi-1]] {
			lo--
		}
		ni.desc = append(ni.desc, ni.asc[lo:hi]...)
		hi = lo
	}
	ni.desc = append(ni.desc, missing...)
}

// orderLess compares docs a and b as they stand in asc (or desc): by
// value, docs without a value last, ties in doc order.
func (ni *numberIndex) orderLess(a, b uint32, desc bool) int {
	x, y := ni.col[a], ni.col[b]
	switch nx, ny := math.IsNaN(x), math.IsNaN(y); {
	case nx && ny:
	case nx:
		return 1
	case ny:
		return -1
	case x != y:
		if desc {
			return cmp.Compare(y, x)
		}
		return cmp.Compare(x, y)
	}
	return cmp.Compare(a, b)
}

// listIndex builds one bitmap per distinct value, in numeric order.
func (ni *numberIndex) listIndex() *keywordIndex {
	k := &keywordIndex{pos: map[string]int{}}
	for i := 0; i < ni.valued; {
		x := ni.col[ni.asc[i]]
		j := i
		for j < ni.valued && ni.col[ni.asc[j]] == x {
			j++
		}
		docs := slices.Clone(ni.asc[i:j])
		slices.Sort(docs)
		k.add(formatNumber(x), docs)
		i = j
	}
	k.fillOrds(len(ni.col))
	return k
}

func formatNumber(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// termCollector gathers the keyphrase postings while building. Field
// values repeat a lot (brands, cities, equipment), so their words are
// memoised.
type termCollector struct {
	docs map[string][]uint32
	memo map[string][]string
}

func (tc *termCollector) addText(s string, d uint32) {
	ts, ok := tc.memo[s]
	if !ok {
		ts = tokens(s)
		if len(tc.memo) < 1<<20 {
			tc.memo[s] = ts
		}
	}
	for _, t := range ts {
		p := tc.docs[t]
		if len(p) > 0 && p[len(p)-1] == d {
			continue
		}
		tc.docs[t] = append(p, d)
	}
}

var timeLayouts = []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02 15:04:05", "2006-01-02"}

// numberText parses the text of a number field: a number or, for a time
// field, an RFC 3339 time or a date (unix seconds).
func numberText(v string, isTime bool) (float64, error) {
	s := strings.TrimSpace(v)
	if x, err := strconv.ParseFloat(s, 64); err == nil {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return 0, fmt.Errorf("want a finite number")
		}
		return x, nil
	}
	if isTime {
		for _, l := range timeLayouts {
			if t, err := time.Parse(l, s); err == nil {
				return float64(t.Unix()), nil
			}
		}
		return 0, fmt.Errorf("want a number or a date, got %q", v)
	}
	return 0, fmt.Errorf("want a number, got %q", v)
}
