package search

import (
	"cmp"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"

	"forecourt/internal/errs"
)

// Document is a record an index is built from. WriteDoc writes the record's
// fields to w with w's typed calls, keyed by field name, each field once
// and in any order. The fields the schema declares are checked against
// their kind and indexed; every field is kept for the content of results,
// as the JSON value the calls describe (objects with their keys in byte
// order, the order encoding/json writes a decoded object in).
type Document interface {
	WriteDoc(w *Writer)
}

// Writer takes the fields of one document (see Document). A call that does
// not fit the schema (a number field written as a list, a field written
// twice) is recorded, and Builder.Add returns the first such mistake as an
// Invalid error naming the document and the field; the document is then
// left out and changes nothing.
type Writer struct {
	store *docStore
	b     *Builder // nil when the writer only encodes (Decoded)
	keys  map[string]*keyInfo

	buf    []byte  // the open values, encoded
	tmp    []byte  // scratch for closing an object or list
	frames []frame // the open objects and lists; frames[0] is the document
	ents   []entry // the fields of the open objects

	// What the document gives the index, applied by Builder.Add once the
	// whole document is written and checked.
	id       string
	hasID    bool
	badID    bool
	kws      []kwValue
	nums     []numValue
	texts    []string
	hier     []string // parent and child value of each hierarchy
	errField string
	err      string
}

// keyInfo is what a writer knows of a key: its index in the document
// store's strings and, for the top-level fields of a document, what the
// schema does with it.
type keyInfo struct {
	name  string
	index uint32
	field *Field
	kw    map[string][]uint32 // docs by value, of Keyword and Bool fields
	num   *numberIndex
	id    bool
	text  bool
	hier  []int // positions in Writer.hier (2h for a parent, 2h+1 for a child)
}

type frame struct {
	list  bool
	start int // where the frame's content starts in buf
	ent   int // an object's first entry in ents
	items int // a list's items
	// role and place say what a value written in a list frame is to the
	// index: an item of the top-level field role, or (placeDeep) an item
	// of a list inside it, which only the keyphrase reads.
	role  *keyInfo
	place place
}

type entry struct {
	key        *keyInfo
	start, end int // the pair (key index, value) in buf
}

type kwValue struct {
	key *keyInfo
	v   string
}

type numValue struct {
	ni *numberIndex
	x  float64
}

// place is where a value stands in the document.
type place int

const (
	placeNone place = iota // inside an object below the top level: content only
	placeTop               // a top-level field
	placeItem              // an item of a top-level list
	placeDeep              // an item of a list inside a top-level list
)

func newWriter(store *docStore, b *Builder) *Writer {
	w := &Writer{store: store, b: b, keys: map[string]*keyInfo{}}
	if b != nil {
		w.hier = make([]string, 2*len(b.schema.Hierarchies))
	}
	return w
}

// reset starts a document.
func (w *Writer) reset() {
	w.buf, w.ents, w.frames = w.buf[:0], w.ents[:0], append(w.frames[:0], frame{})
	w.id, w.hasID, w.badID = "", false, false
	w.kws, w.nums, w.texts = w.kws[:0], w.nums[:0], w.texts[:0]
	clear(w.hier)
	w.errField, w.err = "", ""
}

// String writes the text field key.
func (w *Writer) String(key, v string) {
	k, p := w.begin(key)
	if v == "" {
		w.buf = append(w.buf, tagEmpty)
	} else {
		w.buf = binary.AppendUvarint(append(w.buf, tagString), uint64(w.intern(v)))
	}
	if p == placeNone {
		return
	}
	if p == placeDeep {
		if k.text {
			w.texts = append(w.texts, v)
		}
		return
	}
	if k.text {
		w.texts = append(w.texts, v)
	}
	if p == placeItem {
		if v != "" && k.kw != nil {
			w.kws = append(w.kws, kwValue{k, v})
		}
		return
	}
	w.topScalar(k, v)
	if k.field == nil {
		return
	}
	switch k.field.Kind {
	case Keyword:
		if v != "" {
			w.kws = append(w.kws, kwValue{k, v})
		}
	case Bool:
		switch v {
		case "true", "false":
			w.kws = append(w.kws, kwValue{k, v})
		default:
			w.fail(k, "want true or false, got a string")
		}
	case Number:
		if v == "" {
			return // an empty text is a missing value (a new car has no first registration)
		}
		x, err := numberText(v, k.field.Time)
		if err != nil {
			w.fail(k, err.Error())
			return
		}
		w.nums = append(w.nums, numValue{k.num, x})
	}
}

// Number writes the number field key.
func (w *Writer) Number(key string, x float64) {
	k, p := w.begin(key)
	w.buf = appendNumber(w.buf, x)
	switch p {
	case placeNone:
		return
	case placeDeep, placeItem:
		if k.text {
			w.texts = append(w.texts, formatNumber(x))
		}
		if p == placeItem && k.kw != nil {
			w.kws = append(w.kws, kwValue{k, formatNumber(x)})
		}
		return
	}
	if k.text || k.id || len(k.hier) > 0 || (k.field != nil && k.field.Kind == Keyword) {
		s := formatNumber(x)
		if k.text {
			w.texts = append(w.texts, s)
		}
		w.topScalar(k, s)
		if k.field != nil && k.field.Kind == Keyword {
			w.kws = append(w.kws, kwValue{k, s})
		}
	}
	if k.field == nil {
		return
	}
	switch k.field.Kind {
	case Bool:
		w.fail(k, "want true or false, got a number")
	case Number:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			w.fail(k, "want a finite number")
			return
		}
		w.nums = append(w.nums, numValue{k.num, x})
	}
}

// Int writes the whole-number field key (as a JSON number, like Number).
func (w *Writer) Int(key string, x int64) { w.Number(key, float64(x)) }

// Bool writes the true-or-false field key.
func (w *Writer) Bool(key string, v bool) {
	k, p := w.begin(key)
	if v {
		w.buf = append(w.buf, tagTrue)
	} else {
		w.buf = append(w.buf, tagFalse)
	}
	switch p {
	case placeItem:
		if k.kw != nil {
			w.fail(k, "list item: want a string or a number, got a boolean")
		}
		return
	case placeTop:
	default:
		return
	}
	if k.id {
		w.badID = true
	}
	if k.field == nil {
		return
	}
	switch k.field.Kind {
	case Keyword:
		w.fail(k, "want a string or a number, got a boolean")
	case Bool:
		w.kws = append(w.kws, kwValue{k, strconv.FormatBool(v)})
	case Number:
		w.fail(k, "want a number, got a boolean")
	}
}

// Null writes null as the field key: the field has no value.
func (w *Writer) Null(key string) {
	w.begin(key)
	w.buf = append(w.buf, tagNull)
}

// Strings writes the list of texts vs as the field key; a nil vs is null.
func (w *Writer) Strings(key string, vs []string) {
	if vs == nil {
		w.Null(key)
		return
	}
	w.beginList(key)
	for _, s := range vs {
		w.String("", s)
	}
	w.end()
}

// Object writes *v as the object field key, its fields written by write; a
// nil v is null.
func Object[T any](w *Writer, key string, v *T, write func(*Writer, *T)) {
	if v == nil {
		w.Null(key)
		return
	}
	w.beginObject(key)
	write(w, v)
	w.end()
}

// Objects writes items as the list field key, each item an object whose
// fields write writes; a nil list is null.
func Objects[T any](w *Writer, key string, items []T, write func(*Writer, *T)) {
	if items == nil {
		w.Null(key)
		return
	}
	w.beginList(key)
	for i := range items {
		w.beginObject("")
		write(w, &items[i])
		w.end()
	}
	w.end()
}

// topScalar notes a top-level text or number (as its text) for the id and
// the hierarchies.
func (w *Writer) topScalar(k *keyInfo, s string) {
	if k.id && s != "" {
		w.id, w.hasID = s, true
	}
	if s != "" {
		for _, h := range k.hier {
			w.hier[h] = s
		}
	}
}

// begin starts a value: in an object, the field key; in a list, the next
// item. It returns the key's info and where the value stands.
func (w *Writer) begin(key string) (*keyInfo, place) {
	f := &w.frames[len(w.frames)-1]
	if f.list {
		f.items++
		return f.role, f.place
	}
	k := w.key(key)
	w.ents = append(w.ents, entry{key: k, start: len(w.buf)})
	w.buf = binary.AppendUvarint(w.buf, uint64(k.index))
	if len(w.frames) == 1 && w.b != nil {
		return k, placeTop
	}
	return k, placeNone
}

func (w *Writer) beginObject(key string) {
	k, p := w.begin(key)
	switch p {
	case placeTop:
		if k.id {
			w.badID = true
		}
		if k.field != nil {
			switch k.field.Kind {
			case Keyword:
				w.fail(k, "want a string or a number, got an object")
			case Bool:
				w.fail(k, "want true or false, got an object")
			case Number:
				w.fail(k, "want a number, got an object")
			}
		}
	case placeItem:
		if k.kw != nil {
			w.fail(k, "list item: want a string or a number, got an object")
		}
	}
	w.frames = append(w.frames, frame{start: len(w.buf), ent: len(w.ents)})
}

func (w *Writer) beginList(key string) {
	k, p := w.begin(key)
	next := frame{list: true, start: len(w.buf)}
	switch p {
	case placeTop:
		next.role, next.place = k, placeItem
		if k.id {
			w.badID = true
		}
		if k.field != nil {
			switch {
			case k.field.Kind == Keyword && !k.field.List:
				w.fail(k, "want a single value, got a list")
			case k.field.Kind == Bool:
				w.fail(k, "want true or false, got a list")
			case k.field.Kind == Number:
				w.fail(k, "want a number, got a list")
			}
		}
	case placeItem, placeDeep:
		next.role, next.place = k, placeDeep
		if p == placeItem && k.kw != nil {
			w.fail(k, "list item: want a string or a number, got a list")
		}
	}
	w.frames = append(w.frames, next)
}

// end closes the innermost object or list.
func (w *Writer) end() {
	f := w.frames[len(w.frames)-1]
	w.frames = w.frames[:len(w.frames)-1]
	if f.list {
		w.tmp = binary.AppendUvarint(append(w.tmp[:0], tagArray), uint64(f.items))
		w.tmp = append(w.tmp, w.buf[f.start:]...)
		w.buf = append(w.buf[:f.start], w.tmp...)
		return
	}
	w.tmp = w.appendObject(w.tmp[:0], f)
	w.buf = append(w.buf[:f.start], w.tmp...)
}

// appendObject appends the object of frame f to out, its fields in key
// order, and drops its entries.
func (w *Writer) appendObject(out []byte, f frame) []byte {
	es := w.ents[f.ent:]
	for i := range es {
		if i+1 < len(es) {
			es[i].end = es[i+1].start
		} else {
			es[i].end = len(w.buf)
		}
	}
	sorted := true
	for i := 1; i < len(es) && sorted; i++ {
		sorted = es[i-1].key.name < es[i].key.name
	}
	if !sorted {
		slices.SortFunc(es, func(a, b entry) int { return cmp.Compare(a.key.name, b.key.name) })
		for i := 1; i < len(es); i++ {
			if es[i-1].key == es[i].key {
				w.fail(es[i].key, "written twice")
			}
		}
	}
	out = binary.AppendUvarint(append(out, tagObject), uint64(len(es)))
	for _, e := range es {
		out = append(out, w.buf[e.start:e.end]...)
	}
	w.ents = w.ents[:f.ent]
	return out
}

// finish closes the document and appends it to out.
func (w *Writer) finish(out []byte) []byte {
	if len(w.frames) != 1 {
		w.fail(nil, "an object or a list was left open")
		return out
	}
	return w.appendObject(out, w.frames[0])
}

func (w *Writer) key(name string) *keyInfo {
	if k, ok := w.keys[name]; ok {
		return k
	}
	k := &keyInfo{name: name}
	id, ok := w.store.keys[name]
	if !ok {
		var err error
		if id, err = w.store.intern(name); err != nil {
			w.fail(nil, err.Error())
		}
		w.store.keys[name] = id
	}
	k.index = id
	if b := w.b; b != nil {
		s := b.schema
		k.id = name == s.ID
		k.text = slices.Contains(s.Text, name)
		if f, ok := s.field(name); ok && !k.id {
			k.field = &f
			switch f.Kind {
			case Keyword, Bool:
				k.kw = b.kwDocs[name]
			case Number:
				k.num = b.ix.numbers[name]
			}
		}
		for i, h := range s.Hierarchies {
			if h.Parent == name {
				k.hier = append(k.hier, 2*i)
			}
			if h.Child == name {
				k.hier = append(k.hier, 2*i+1)
			}
		}
	}
	w.keys[name] = k
	return k
}

func (w *Writer) intern(s string) uint32 {
	id, err := w.store.intern(s)
	if err != nil {
		w.fail(nil, err.Error())
	}
	return id
}

// fail records the first mistake of the document.
func (w *Writer) fail(k *keyInfo, msg string) {
	if w.err != "" {
		return
	}
	w.err = msg
	if k != nil {
		w.errField = k.name
	}
}

// Decoded returns doc as an index keeps it, decoded: the content of a
// result for doc with no projection (numbers float64, lists []any, objects
// map[string]any). It returns an Invalid error for a document its writer
// cannot take.
func Decoded(doc Document) (map[string]any, error) {
	w := newWriter(newDocStore(1), nil)
	w.reset()
	doc.WriteDoc(w)
	b := w.finish(nil)
	if w.err != "" {
		return nil, errs.E(errs.Invalid, "document: field %s: %s", w.errField, w.err)
	}
	w.store.data = b
	w.store.off = append(w.store.off, uint64(len(b)))
	return w.store.project(0, nil), nil
}

// JSONDoc is a decoded JSON object as a Document: strings, numbers (float64,
// int, int64 or json.Number), booleans, nil, lists ([]any, []string) and
// objects (map[string]any), the form json.Unmarshal gives. Records with a
// type of their own write themselves instead; JSONDoc serves tests and
// documents whose shape is open.
type JSONDoc map[string]any

// WriteDoc writes the object's fields.
func (o JSONDoc) WriteDoc(w *Writer) {
	for k, v := range o {
		w.value(k, v)
	}
}

func (w *Writer) value(key string, v any) {
	switch x := v.(type) {
	case nil:
		w.Null(key)
	case bool:
		w.Bool(key, x)
	case string:
		w.String(key, x)
	case float64:
		w.Number(key, x)
	case int:
		w.Number(key, float64(x))
	case int64:
		w.Number(key, float64(x))
	case json.Number:
		f, err := x.Float64()
		if err != nil {
			k, _ := w.begin(key)
			w.buf = append(w.buf, tagNull)
			w.fail(k, fmt.Sprintf("bad number %q", x))
			return
		}
		w.Number(key, f)
	case []string:
		w.beginList(key)
		for _, e := range x {
			w.String("", e)
		}
		w.end()
	case []any:
		w.beginList(key)
		for _, e := range x {
			w.value("", e)
		}
		w.end()
	case map[string]any:
		w.beginObject(key)
		for k, e := range x {
			w.value(k, e)
		}
		w.end()
	default:
		k, _ := w.begin(key)
		w.buf = append(w.buf, tagNull)
		w.fail(k, fmt.Sprintf("no document form for %T", v))
	}
}
