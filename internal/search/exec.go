package search

import (
	"cmp"
	"encoding/json"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"forecourt/internal/errs"

	"github.com/RoaringBitmap/roaring/v2"
	gojson "github.com/goccy/go-json"
)

// Result is the answer to a Query. Results may be shared through the
// Engine's cache: treat a Result as read-only.
type Result struct {
	Facets     []FacetResult    `json:"facet"`
	Content    []map[string]any `json:"content"`
	TotalItems int              `json:"total_items"`
	Limit      int              `json:"limit"`
	Offset     int              `json:"offset"`

	store  *docStore // where Content came from, for DocJSON
	docs   []uint32
	fields []string // the query's projection
}

// Decode decodes the whole document of Content[i] (whatever the query's
// fields) into v, a pointer to a typed record, as json.Unmarshal of its
// JSON would: callers read records as Go values, not maps.
func (r Result) Decode(i int, v any) error {
	raw := r.DocJSON(i)
	if raw == nil {
		return errs.E(errs.NotFound, "no result %d", i)
	}
	return errs.Wrap(gojson.Unmarshal(raw, v), "decode search document")
}

// DecodeContent decodes every entry of Content, projected on the query's
// fields, into a slice of T (typed rows of cards); the projection is
// written as JSON from the packed records and decoded, without maps.
func DecodeContent[T any](r Result) ([]T, error) {
	out := make([]T, len(r.docs))
	if r.store == nil {
		return out, nil
	}
	var buf []byte
	for i, d := range r.docs {
		buf = r.store.appendProjectedJSON(buf[:0], d, r.fields)
		if err := gojson.Unmarshal(buf, &out[i]); err != nil {
			return nil, errs.Wrap(err, "decode search document")
		}
	}
	return out, nil
}

// DocJSON returns the whole document of Content[i] (whatever the query's
// fields) as JSON, byte for byte what encoding/json writes for its decoded
// map: written from the packed record, without a map in between.
func (r Result) DocJSON(i int) json.RawMessage {
	if r.store == nil || i < 0 || i >= len(r.docs) {
		return nil
	}
	out, _ := r.store.appendJSON(make([]byte, 0, 4096), r.store.doc(r.docs[i]), 0)
	return out
}

// FacetResult is the facet of one requested field. Type is "list", with
// Values, or "histogram", with Histogram (and empty Values).
type FacetResult struct {
	Name      string       `json:"name"`
	ChildName string       `json:"child_name,omitempty"`
	Type      string       `json:"type"`
	Values    []FacetValue `json:"values"`
	Histogram *Histogram   `json:"histogram,omitempty"`
}

// FacetValue is one value of a list facet and the number of docs having it.
// Values with no docs are left out.
type FacetValue struct {
	Text     string       `json:"text"`
	Count    int          `json:"count"`
	Children []FacetValue `json:"children,omitempty"`
}

// Histogram spans the values of a number field over the docs matching the
// other filters: Min and Max are the smallest and largest value; Buckets are
// equal-width slices of [Min, Max] (Schema.Buckets, default 40), each
// counting the docs with Min <= value < Max (the last also includes Max).
// With one distinct value there is one bucket; with none, no buckets.
type Histogram struct {
	Min     float64  `json:"min"`
	Max     float64  `json:"max"`
	Buckets []Bucket `json:"buckets"`
}

// Bucket is one bar of a Histogram.
type Bucket struct {
	Min   float64 `json:"min"`
	Max   float64 `json:"max"`
	Count int     `json:"count"`
}

// clause is one compiled filter. Bitmaps are read-only (they may be the
// index's own).
type clause struct {
	group string // the facet field the filter belongs to; "" applies to every facet
	bm    *roaring.Bitmap
	not   bool
}

// Search runs q on the index. Names unknown to the schema are errs.Invalid;
// the index name in q is not looked at.
func (ix *Index) Search(q Query) (Result, error) {
	fe := errs.FieldErrors{}
	checkQuery(ix.schema, &q, fe)
	if err := fe.Err("The search query is not valid."); err != nil {
		return Result{}, err
	}
	clauses := ix.compile(q)
	res := ix.intersect(clauses, nil)
	out := Result{Limit: q.Limit, Offset: q.Offset, Facets: make([]FacetResult, 0, len(q.Facets))}
	out.TotalItems = ix.card(res)
	resSet := ix.newDocSet(res)
	out.Facets = out.Facets[:len(q.Facets)]
	if resSet.card < parallelFacetsMin || len(q.Facets) < 2 {
		for i, fr := range q.Facets {
			out.Facets[i] = ix.facet(fr, clauses, resSet)
		}
	} else {
		// At a million cars the facets of a large result take milliseconds
		// each and are independent: two goroutines halve the wait on two
		// cores. The array the counting reads is made before they start.
		resSet.prepare()
		var next atomic.Int32
		var wg sync.WaitGroup
		work := func() {
			defer wg.Done()
			for i := int(next.Add(1)) - 1; i < len(q.Facets); i = int(next.Add(1)) - 1 {
				out.Facets[i] = ix.facet(q.Facets[i], clauses, resSet)
			}
		}
		wg.Add(2)
		go work()
		work()
		wg.Wait()
	}
	docs := ix.page(res, out.TotalItems, q)
	out.Content = make([]map[string]any, len(docs))
	for i, d := range docs {
		out.Content[i] = ix.store.project(d, q.Fields)
	}
	out.store, out.docs, out.fields = ix.store, docs, q.Fields
	return out, nil
}

func (ix *Index) card(bm *roaring.Bitmap) int {
	if bm == nil {
		return ix.n
	}
	return int(bm.GetCardinality())
}

// compile turns the keyphrase and the filters of a checked query into clauses.
func (ix *Index) compile(q Query) []clause {
	var cs []clause
	for _, t := range tokens(q.Keyphrase) {
		cs = append(cs, clause{bm: ix.prefix(t)})
	}
	keys := make([]string, 0, len(q.Filters))
	for k, v := range q.Filters {
		if len(v) > 0 {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, key := range keys {
		vals := q.Filters[key]
		kind, group, _ := filterKey(ix.schema, key)
		var bms []*roaring.Bitmap
		not := false
		switch kind {
		case fkID, fkIDNeq:
			ids := roaring.New()
			for _, v := range vals {
				if d, ok := ix.byID[v]; ok {
					ids.Add(d)
				}
			}
			bms, not = []*roaring.Bitmap{ids}, kind == fkIDNeq
		case fkKeyword:
			bms = ix.keywordBitmaps(key, vals)
		case fkNeq:
			bms, not = ix.keywordBitmaps(strings.TrimSuffix(key, ".neq"), vals), true
		case fkBool:
			bms = ix.keywords[key].lookup(vals)
		case fkNumbers:
			norm := make([]string, 0, len(vals))
			for _, v := range vals {
				x, _ := strconv.ParseFloat(v, 64)
				norm = append(norm, formatNumber(x))
			}
			bms = ix.numbers[key].list.lookup(norm)
		case fkRange:
			lo, hi, _ := parseRange(vals)
			bms = []*roaring.Bitmap{ix.numbers[group].between(lo, hi)}
		}
		cs = append(cs, clause{group: group, bm: or(bms), not: not})
	}
	return cs
}

// lookup resolves filter values: the value spelt exactly, or else every
// value that folds to the same text ("bmw" → "BMW", "truck" → "TRUCK").
func (k *keywordIndex) lookup(vals []string) []*roaring.Bitmap {
	var out []*roaring.Bitmap
	for _, v := range vals {
		out = k.appendValue(out, v)
	}
	return out
}

func (k *keywordIndex) appendValue(out []*roaring.Bitmap, v string) []*roaring.Bitmap {
	if i, ok := k.pos[v]; ok {
		return append(out, k.bms.get(i))
	}
	for _, i := range k.foldedPositions(fold(v)) {
		out = append(out, k.bms.get(i))
	}
	return out
}

// keywordBitmaps resolves the values of a keyword filter. On a hierarchy
// parent "P>C" selects the child C of P; a parent that has selected children
// is narrowed to them, so ["BMW", "BMW>X3", "Audi"] is (BMW X3) or Audi.
func (ix *Index) keywordBitmaps(field string, vals []string) []*roaring.Bitmap {
	k := ix.keywords[field]
	ci := ix.children[field]
	if ci == nil {
		return k.lookup(vals)
	}
	narrowed := map[string]bool{}
	var out []*roaring.Bitmap
	for _, v := range vals {
		if p, c, ok := strings.Cut(v, ">"); ok {
			narrowed[fold(p)] = true
			if bm, ok := ci.pairs[v]; ok {
				out = append(out, bm)
			} else {
				out = append(out, ci.fpairs[fold(p)+">"+fold(c)]...)
			}
		}
	}
	for _, v := range vals {
		if strings.Contains(v, ">") || narrowed[fold(v)] {
			continue
		}
		out = k.appendValue(out, v)
	}
	return out
}

// or unions bitmaps; the result is read-only (it may be one of bms).
func or(bms []*roaring.Bitmap) *roaring.Bitmap {
	switch len(bms) {
	case 0:
		return roaring.New()
	case 1:
		return bms[0]
	}
	return roaring.FastOr(bms...)
}

// prefix returns the docs having a term that starts with t.
func (ix *Index) prefix(t string) *roaring.Bitmap {
	if bm, ok := ix.prefixes[t]; ok {
		return bm
	}
	i := sort.SearchStrings(ix.terms, t)
	j := i
	for j < len(ix.terms) && strings.HasPrefix(ix.terms[j], t) {
		j++
	}
	return ix.postings.union(i, j)
}

// between returns the docs whose value lies in [lo, hi].
func (ni *numberIndex) between(lo, hi float64) *roaring.Bitmap {
	words := make([]uint64, (len(ni.col)+63)/64)
	for d, x := range ni.col {
		if x >= lo && x <= hi { // false for NaN
			words[d>>6] |= 1 << (uint(d) & 63)
		}
	}
	bm := roaring.FromDense(words, false)
	return bm
}

// intersect ANDs the clauses whose group skip does not name; nil means all docs.
func (ix *Index) intersect(cs []clause, skip func(group string) bool) *roaring.Bitmap {
	var pos, neg []*roaring.Bitmap
	for _, c := range cs {
		if skip != nil && skip(c.group) {
			continue
		}
		if c.not {
			neg = append(neg, c.bm)
		} else {
			pos = append(pos, c.bm)
		}
	}
	var acc *roaring.Bitmap
	switch len(pos) {
	case 0:
		if len(neg) == 0 {
			return nil
		}
		// All docs but the excluded: Flip, as AndNot of the all-docs run
		// container is slow.
		return roaring.Flip(or(neg), 0, uint64(ix.n))
	case 1:
		acc = pos[0]
	default:
		slices.SortFunc(pos, func(a, b *roaring.Bitmap) int { return cmp.Compare(a.GetCardinality(), b.GetCardinality()) })
		acc = roaring.And(pos[0], pos[1])
		for _, b := range pos[2:] {
			acc.And(b)
		}
	}
	for i, b := range neg {
		if i == 0 && len(pos) < 2 {
			acc = roaring.AndNot(acc, b)
		} else {
			acc.AndNot(b)
		}
	}
	return acc
}

// docSet is a set of docs, nil bm meaning all docs, whose array is made on
// first use and shared by the facets counted over it.
type docSet struct {
	bm   *roaring.Bitmap
	ix   *Index
	mu   sync.Mutex // guards the making of arr and rest (facets may run in parallel)
	arr  []uint32
	rest []uint32 // the docs not in the set, when dense
	card int
}

func (ix *Index) newDocSet(bm *roaring.Bitmap) *docSet {
	return &docSet{bm: bm, ix: ix, card: ix.card(bm)}
}

// parallelFacetsMin is the result size from which facets are counted on
// two goroutines (below it a query takes well under a millisecond).
var parallelFacetsMin = 50_000

// prepare makes the array that counting over the set reads (the docs of a
// sparse set, the others of a dense one), before facets are counted in
// parallel.
func (s *docSet) prepare() {
	switch {
	case s.bm == nil:
	case s.dense():
		s.complement()
	default:
		s.docs()
	}
}

func (s *docSet) docs() []uint32 {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.arr == nil {
		s.arr = s.bm.ToArray()
	}
	return s.arr
}

// dense reports whether the set holds most docs; it is then cheaper to
// subtract what the other docs contribute from the unfiltered figures.
func (s *docSet) dense() bool { return s.bm != nil && s.card > s.ix.n/2 }

func (s *docSet) complement() []uint32 {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.rest == nil {
		// Flip, not AndNot(all, bm): AndNot of a run container is slow.
		s.rest = roaring.Flip(s.bm, 0, uint64(s.ix.n)).ToArray()
	}
	return s.rest
}

// facet computes one facet over the docs matching every clause but those of
// the facet's own fields (disjunctive counts).
func (ix *Index) facet(fr FacetRequest, cs []clause, res *docSet) FacetResult {
	own := func(g string) bool { return g == fr.Name }
	if h, ok := ix.schema.hierarchy(fr.Name); ok {
		own = func(g string) bool { return g == h.Parent || g == h.Child }
	}
	set := res
	for _, c := range cs {
		if own(c.group) {
			set = ix.newDocSet(ix.intersect(cs, own))
			break
		}
	}
	out := FacetResult{Name: fr.Name, ChildName: fr.ChildName, Type: "list", Values: []FacetValue{}}
	var k *keywordIndex
	if ni, ok := ix.numbers[fr.Name]; ok {
		if ni.field.Facet == HistogramFacet {
			out.Type = "histogram"
			h := ni.hist
			if set.bm != nil {
				h = ni.histogram(set, ix.schema.buckets())
			}
			out.Histogram = &h
			return out
		}
		k = ni.list
	} else {
		k = ix.keywords[fr.Name]
	}
	var keep map[string]bool
	if len(fr.Filters) > 0 {
		keep = make(map[string]bool, len(fr.Filters))
		for _, v := range fr.Filters {
			keep[v] = true
		}
	}
	counts := k.count(set)
	var ci *childIndex
	var childCounts []int
	if fr.ChildName != "" {
		ci = ix.children[fr.Name]
		childCounts = ci.count(set)
	}
	for i, v := range k.values {
		if counts[i] == 0 || (keep != nil && !keep[v]) {
			continue
		}
		fv := FacetValue{Text: v, Count: counts[i]}
		if ci != nil {
			for f := ci.start[i]; f < ci.start[i+1]; f++ {
				if m := childCounts[f]; m > 0 {
					fv.Children = append(fv.Children, FacetValue{Text: ci.flat[f].text, Count: m})
				}
			}
			sortValues(fv.Children, fr.SortOrder)
		}
		out.Values = append(out.Values, fv)
	}
	sortValues(out.Values, fr.SortOrder)
	return out
}

// count returns the docs of set per value (read-only). Single-valued fields
// count by walking the set's docs once; list fields intersect each value.
func (k *keywordIndex) count(set *docSet) []int {
	if set.bm == nil {
		return k.total
	}
	if k.ords.present() && set.dense() {
		c := slices.Clone(k.total)
		k.ords.count(c, set.complement(), -1)
		return c
	}
	c := make([]int, len(k.values))
	if !k.ords.present() {
		for i := range k.bms.len() {
			c[i] = k.bms.andCard(i, set.bm)
		}
		return c
	}
	k.ords.count(c, set.docs(), 1)
	return c
}

// count returns the docs of set per child, by position in flat.
func (ci *childIndex) count(set *docSet) []int {
	c := make([]int, len(ci.flat))
	if set.bm == nil || set.dense() {
		for f, cv := range ci.flat {
			c[f] = cv.total
		}
		if set.bm == nil {
			return c
		}
		ci.ords.count(c, set.complement(), -1)
		return c
	}
	ci.ords.count(c, set.docs(), 1)
	return c
}

// sortValues orders values that are in ascending value order.
func sortValues(vs []FacetValue, order string) {
	switch order {
	case "desc":
		slices.Reverse(vs)
	case "count":
		slices.SortStableFunc(vs, func(a, b FacetValue) int { return cmp.Compare(b.Count, a.Count) })
	}
}

// histogram spans the values over set in nb buckets. For a dense set it
// finds min and max by walking the sorted order, counts the buckets on the
// sorted order by binary search and subtracts the docs outside the set.
func (ni *numberIndex) histogram(set *docSet, nb int) Histogram {
	if !set.dense() {
		return histogram(ni.col, set.docs(), nb)
	}
	col, asc := ni.col, ni.asc
	limit := len(col)/8 + 64 // walks longer than this fall back to a scan
	first, last := -1, -1
	for k := 0; k < ni.valued && k < limit; k++ {
		if set.bm.Contains(asc[k]) {
			first = k
			break
		}
	}
	for k := ni.valued - 1; k >= 0 && ni.valued-k < limit; k-- {
		if set.bm.Contains(asc[k]) {
			last = k
			break
		}
	}
	if first < 0 || last < 0 {
		return histogram(col, set.docs(), nb)
	}
	lo, hi := col[asc[first]], col[asc[last]]
	// The docs with lo <= value <= hi are asc[start:end].
	start := sort.Search(ni.valued, func(k int) bool { return col[asc[k]] >= lo })
	end := sort.Search(ni.valued, func(k int) bool { return col[asc[k]] > hi })
	var outside []float64
	for _, d := range set.complement() {
		if x := col[d]; x >= lo && x <= hi {
			outside = append(outside, x)
		}
	}
	n := end - start - len(outside)
	if lo == hi {
		return Histogram{Min: lo, Max: hi, Buckets: []Bucket{{Min: lo, Max: hi, Count: n}}}
	}
	h := Histogram{Min: lo, Max: hi, Buckets: make([]Bucket, nb)}
	w := (hi - lo) / float64(nb)
	from := start
	for i := range h.Buckets {
		h.Buckets[i].Min = lo + float64(i)*w
		h.Buckets[i].Max = lo + float64(i+1)*w
		to := end
		if i < nb-1 {
			to = from + sort.Search(end-from, func(k int) bool { return bucketOf(col[asc[from+k]], lo, w, nb) > i })
		}
		h.Buckets[i].Count = to - from
		from = to
	}
	h.Buckets[nb-1].Max = hi
	for _, x := range outside {
		h.Buckets[bucketOf(x, lo, w, nb)].Count--
	}
	return h
}

func bucketOf(x, lo, w float64, nb int) int { return min(int((x-lo)/w), nb-1) }

// histogram spans the values of col over docs in nb buckets.
func histogram(col []float64, docs []uint32, nb int) Histogram {
	lo, hi, n := math.Inf(1), math.Inf(-1), 0
	for _, d := range docs {
		x := col[d]
		if math.IsNaN(x) {
			continue
		}
		n++
		lo = min(lo, x)
		hi = max(hi, x)
	}
	if n == 0 {
		return Histogram{Buckets: []Bucket{}}
	}
	if lo == hi {
		return Histogram{Min: lo, Max: hi, Buckets: []Bucket{{Min: lo, Max: hi, Count: n}}}
	}
	h := Histogram{Min: lo, Max: hi, Buckets: make([]Bucket, nb)}
	w := (hi - lo) / float64(nb)
	for i := range h.Buckets {
		h.Buckets[i].Min = lo + float64(i)*w
		h.Buckets[i].Max = lo + float64(i+1)*w
	}
	h.Buckets[nb-1].Max = hi
	for _, d := range docs {
		x := col[d]
		if !math.IsNaN(x) {
			h.Buckets[bucketOf(x, lo, w, nb)].Count++
		}
	}
	return h
}

// smallSet is the size under which a sorted page is taken by sorting the
// matching docs by rank rather than walking the presorted order. A variable
// so that tests can run both ways.
var smallSet = 4096

// A result of at most 1/sparseShare of the docs takes its sorted page as
// the first firstKMax docs or fewer by a heap, not by walking the order.
// Variables so that tests can run every way.
var (
	sparseShare = 16
	firstKMax   = 4096
)

// firstK returns the first k docs of res in sort order (k <= res's size),
// with a bounded max-heap over one pass of res.
func (ni *numberIndex) firstK(res *roaring.Bitmap, k int, desc bool) []uint32 {
	h := make([]uint32, 0, k)
	less := func(a, b uint32) bool { return ni.orderLess(a, b, desc) < 0 }
	down := func(i int) {
		for {
			l := 2*i + 1
			if l >= len(h) {
				return
			}
			if r := l + 1; r < len(h) && less(h[l], h[r]) {
				l = r
			}
			if !less(h[i], h[l]) {
				return
			}
			h[i], h[l] = h[l], h[i]
			i = l
		}
	}
	it := res.Iterator()
	for it.HasNext() {
		d := it.Next()
		switch {
		case len(h) < k:
			h = append(h, d)
			for i := len(h) - 1; i > 0; {
				p := (i - 1) / 2
				if !less(h[p], h[i]) {
					break
				}
				h[p], h[i] = h[i], h[p]
				i = p
			}
		case less(d, h[0]):
			h[0] = d
			down(0)
		}
	}
	slices.SortFunc(h, func(a, b uint32) int { return ni.orderLess(a, b, desc) })
	return h
}

// page returns the docs of res on the requested page, in the requested order.
func (ix *Index) page(res *roaring.Bitmap, total int, q Query) []uint32 {
	if q.Limit == 0 || q.Offset >= total {
		return nil
	}
	want := min(q.Limit, total-q.Offset)
	out := make([]uint32, 0, want)
	if q.SortName == "" {
		if res == nil {
			for d := q.Offset; d < q.Offset+want; d++ {
				out = append(out, uint32(d))
			}
			return out
		}
		first, _ := res.Select(uint32(q.Offset))
		it := res.Iterator()
		it.AdvanceIfNeeded(first)
		for it.HasNext() && len(out) < want {
			out = append(out, it.Next())
		}
		return out
	}
	field, desc, _ := sortField(ix.schema, q.SortName)
	ni := ix.numbers[field]
	order := ni.asc
	if desc {
		order = ni.desc
	}
	if res == nil {
		return append(out, order[q.Offset:q.Offset+want]...)
	}
	if total <= smallSet {
		docs := res.ToArray()
		slices.SortFunc(docs, func(a, b uint32) int { return ni.orderLess(a, b, desc) })
		return append(out, docs[q.Offset:q.Offset+want]...)
	}
	if k := q.Offset + want; total <= ix.n/sparseShare && k <= firstKMax {
		// A result that is a small part of the stock may lie far into the
		// presorted order (a price range sorted by price starts after
		// every cheaper car): keep the first k of its docs instead.
		return append(out, ni.firstK(res, k, desc)[q.Offset:]...)
	}
	words := make([]uint64, (ix.n+63)/64)
	res.WriteDenseTo(words)
	skip := q.Offset
	for _, d := range order {
		if words[d>>6]&(1<<(d&63)) == 0 {
			continue
		}
		if skip > 0 {
			skip--
			continue
		}
		out = append(out, d)
		if len(out) == want {
			break
		}
	}
	return out
}
