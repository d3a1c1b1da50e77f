package search

import (
	"math"
	"strings"
	"testing"

	gocmp "github.com/google/go-cmp/cmp"

	"forecourt/internal/errs"
)

// docFunc is a Document written by a function.
type docFunc func(w *Writer)

func (f docFunc) WriteDoc(w *Writer) { f(w) }

type testImage struct{ Original, Blur string }

func writeTestImage(w *Writer, im *testImage) {
	w.String("original", im.Original)
	w.String("blur_data_url", im.Blur)
}

// A typed document is what its JSON object is: the same packed bytes and
// the same index as the decoded map, whatever order the fields come in.
func TestWriterIsTheJSONObject(t *testing.T) {
	images := []testImage{{"/a.jpg", "data:a"}, {"/b.jpg", ""}}
	typed := docFunc(func(w *Writer) {
		w.Int("car_id", 7)
		w.String("car_brand", "Volvo")
		w.String("car_model", "XC60")
		w.Number("car_price", 389900.5)
		w.Int("car_year", 2022)
		w.Bool("car_is_used", true)
		w.String("car_firstregistration", "2021-03-04")
		w.Strings("car_equipment", []string{"Dragkrok", "", "Dragkrok", "Stolsvärme"})
		w.Strings("car_campaigns", nil)
		w.Null("car_loan_option")
		Objects(w, "car_images", images, writeTestImage)
		Object(w, "car_primary_image", &images[0], writeTestImage)
		Objects[testImage](w, "none", nil, writeTestImage)
		w.String("car_description", "<b>&</b>")
	})
	asMap := map[string]any{
		"car_id": 7.0, "car_brand": "Volvo", "car_model": "XC60", "car_price": 389900.5, "car_year": 2022.0,
		"car_is_used": true, "car_firstregistration": "2021-03-04",
		"car_equipment": []any{"Dragkrok", "", "Dragkrok", "Stolsvärme"}, "car_campaigns": nil, "car_loan_option": nil,
		"car_images":        []any{map[string]any{"original": "/a.jpg", "blur_data_url": "data:a"}, map[string]any{"original": "/b.jpg", "blur_data_url": ""}},
		"car_primary_image": map[string]any{"original": "/a.jpg", "blur_data_url": "data:a"}, "none": nil,
		"car_description": "<b>&</b>",
	}
	got, err := Decoded(typed)
	if err != nil {
		t.Fatal(err)
	}
	if d := gocmp.Diff(asMap, got); d != "" {
		t.Fatalf("Decoded (-want +got):\n%s", d)
	}
	a := MustBuild(t, VehiclesSchema(), []map[string]any{asMap})
	b, err := NewBuilder(VehiclesSchema(), 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Add(typed); err != nil {
		t.Fatal(err)
	}
	ix, err := b.Finish()
	if err != nil {
		t.Fatal(err)
	}
	gj, _ := ix.store.appendJSON(nil, ix.store.doc(0), 0)
	wj, _ := a.store.appendJSON(nil, a.store.doc(0), 0)
	if string(gj) != string(wj) {
		t.Fatalf("stored document:\n%s\nwant\n%s", gj, wj)
	}
	for _, q := range []Query{
		{Filters: map[string][]string{"car_equipment": {"Dragkrok"}}, Facets: []FacetRequest{{Name: "car_equipment"}, {Name: "car_brand", ChildName: "car_model"}, {Name: "car_is_used"}}},
		{Filters: map[string][]string{"car_firstregistration": {"1614816000", "1614816000"}, "car_price": {"389900", "389901"}}},
		{Keyphrase: "stolsv xc60 2022"},
	} {
		r := MustSearch(t, ix, q)
		if r.TotalItems != 1 {
			t.Errorf("%+v: %d found, want 1", q, r.TotalItems)
		}
		if d := gocmp.Diff(MustSearch(t, a, q).Facets, r.Facets); d != "" {
			t.Errorf("%+v facets (-map +typed):\n%s", q, d)
		}
	}
}

// A field that does not fit the schema is an Invalid error naming the
// document and the field; the document is left out and the builder goes on.
func TestWriterChecksTheSchema(t *testing.T) {
	for _, tc := range []struct {
		name string
		doc  func(w *Writer)
		want string
	}{
		{"number as a list", func(w *Writer) { w.Strings("car_price", []string{"1"}) }, "document 1 (car_id 2): field car_price: want a number, got a list"},
		{"number as text", func(w *Writer) { w.String("car_price", "cheap") }, `field car_price: want a number, got "cheap"`},
		{"infinite number", func(w *Writer) { w.Number("car_power", math.Inf(1)) }, "field car_power: want a finite number"},
		{"keyword as a bool", func(w *Writer) { w.Bool("car_brand", true) }, "field car_brand: want a string or a number, got a boolean"},
		{"keyword as a list", func(w *Writer) { w.Strings("car_brand", []string{"Volvo"}) }, "field car_brand: want a single value, got a list"},
		{"keyword as an object", func(w *Writer) { Object(w, "car_brand", &testImage{}, writeTestImage) }, "field car_brand: want a string or a number, got an object"},
		{"objects in a keyword list", func(w *Writer) { Objects(w, "car_campaigns", []testImage{{}}, writeTestImage) }, "field car_campaigns: list item: want a string or a number, got an object"},
		{"bool as a number", func(w *Writer) { w.Int("car_is_used", 1) }, "field car_is_used: want true or false, got a number"},
		{"bool as text", func(w *Writer) { w.String("car_is_used", "yes") }, "field car_is_used: want true or false, got a string"},
		{"written twice", func(w *Writer) { w.String("car_brand", "Volvo"); w.String("car_brand", "BMW") }, "field car_brand: written twice"},
		{"nested key twice", func(w *Writer) {
			Object(w, "car_primary_image", &testImage{}, func(w *Writer, im *testImage) { w.String("x", "1"); w.String("x", "2") })
		}, "field x: written twice"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := NewBuilder(VehiclesSchema(), 2)
			if err != nil {
				t.Fatal(err)
			}
			if err := b.Add(docFunc(func(w *Writer) { w.Int("car_id", 1); w.String("car_brand", "Volvo") })); err != nil {
				t.Fatal(err)
			}
			err = b.Add(docFunc(func(w *Writer) { w.Int("car_id", 2); w.Int("car_year", 2020); tc.doc(w) }))
			if !errs.Is(err, errs.Invalid) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want Invalid with %q", err, tc.want)
			}
			if err := b.Add(docFunc(func(w *Writer) { w.Int("car_id", 3); w.String("car_brand", "BMW"); w.Int("car_year", 2021) })); err != nil {
				t.Fatal(err)
			}
			ix, err := b.Finish()
			if err != nil {
				t.Fatal(err)
			}
			r := MustSearch(t, ix, Query{Limit: 10, Fields: []string{"car_id", "car_brand"}, Facets: []FacetRequest{{Name: "car_brand"}, {Name: "car_year"}}, SortName: "car_year_desc"})
			if ix.Len() != 2 || r.TotalItems != 2 || len(r.Content) != 2 || r.Content[0]["car_id"] != 3.0 || r.Content[1]["car_brand"] != "Volvo" {
				t.Fatalf("after a bad document: %d docs, %+v", ix.Len(), r.Content)
			}
			if len(r.Facets[1].Values) != 1 || r.Facets[1].Values[0].Text != "2021" {
				t.Fatalf("the bad document's year was indexed: %+v", r.Facets[1].Values)
			}
		})
	}
	b, _ := NewBuilder(VehiclesSchema(), 1)
	for _, doc := range []func(w *Writer){
		func(w *Writer) { w.String("car_brand", "Volvo") },
		func(w *Writer) { w.String("car_id", "") },
		func(w *Writer) { w.Bool("car_id", true) },
	} {
		if err := b.Add(docFunc(doc)); !errs.Is(err, errs.Invalid) || !strings.Contains(err.Error(), "missing or invalid id field car_id") {
			t.Errorf("err = %v, want a missing id", err)
		}
	}
	b.Add(docFunc(func(w *Writer) { w.String("car_id", "x1") }))
	if err := b.Add(docFunc(func(w *Writer) { w.String("car_id", "x1") })); err == nil || !strings.Contains(err.Error(), "duplicate id, also document 0") {
		t.Errorf("err = %v, want a duplicate id", err)
	}
}
