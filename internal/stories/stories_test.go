package stories

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"forecourt/internal/content"
	"forecourt/internal/errs"
	"forecourt/internal/site"
)

// MustService builds a service over a small site "s" with 7 stories under
// /news, two of them on the same date, and tags a (id A1), b (id B2), c.
func MustService(tb testing.TB) *Service {
	tb.Helper()
	fs := fstest.MapFS{
		"s/site.yaml":                   {Data: []byte("languages: [sv, en]\n")},
		"s/items/index.yaml":            {Data: []byte("template: HomePage\n")},
		"s/items/news/index.yaml":       {Data: []byte("template: StoriesIndex\nfields: {title: News, showDates: true, layout: Variant 2}\n")},
		"s/items/news/other.yaml":       {Data: []byte("template: ContentPage\nfields: {date: \"2030-01-01\"}\n")},
		"s/items/story-tags/index.yaml": {Data: []byte("template: StoryTagsFolder\n")},
		"s/items/story-tags/a.yaml":     {Data: []byte("id: a1\ntemplate: StoryTag\nsortOrder: 1\nfields: {key: a, value: Alfa}\ni18n: {en: {value: Alpha}}\n")},
		"s/items/story-tags/b.yaml":     {Data: []byte("id: b2\ntemplate: StoryTag\nsortOrder: 2\nfields: {key: b, value: Beta}\n")},
		"s/items/story-tags/c.yaml":     {Data: []byte("id: c3\ntemplate: StoryTag\nsortOrder: 3\nfields: {key: c, value: Gamma}\n")},
	}
	stories := []struct{ name, date, tags string }{
		{"s1", "2026-01-01", "{A1}"},
		{"s2", "2026-02-01", "{B2}"},
		{"s3", "2026-03-01", "{A1}|{B2}"},
		{"s4", "2026-04-01", ""},
		{"s5", "2026-05-01", "{C3}"},
		{"s6a", "2026-06-01", "{A1}"},
		{"s6b", "2026-06-01", "{unknown}|{b2}"},
	}
	for _, s := range stories {
		fs["s/items/news/"+s.name+".yaml"] = &fstest.MapFile{Data: []byte(fmt.Sprintf(
			"template: StoryPage\nfields: {title: T-%s, premble: I-%s, date: %q, tags: %q, image: {src: /x/%s.jpg, alt: A, width: 1600, height: 1000}}\n",
			s.name, s.name, s.date, s.tags, s.name))}
	}
	src, err := content.LoadFiles(fs)
	if err != nil {
		tb.Fatal(err)
	}
	return &Service{Content: src}
}

func names(items []Story) []string {
	out := []string{}
	for _, s := range items {
		out = append(out, s.Name)
	}
	return out
}

func TestListOrderAndPaging(t *testing.T) {
	svc := MustService(t)
	ctx := context.Background()
	tests := []struct {
		name      string
		tags      []string
		limit     int
		wantPages [][]string
		wantTotal int
	}{
		{"all, page size 4", nil, 4, [][]string{{"s6a", "s6b", "s5", "s4"}, {"s3", "s2", "s1"}}, 7},
		{"all, page size 3", nil, 3, [][]string{{"s6a", "s6b", "s5"}, {"s4", "s3", "s2"}, {"s1"}}, 7},
		{"tag a", []string{"a1"}, 4, [][]string{{"s6a", "s3", "s1"}}, 3},
		{"tags a OR b by key", []string{"a", "B"}, 2, [][]string{{"s6a", "s6b"}, {"s3", "s2"}, {"s1"}}, 5},
		{"tag with braces", []string{"{C3}"}, 4, [][]string{{"s5"}}, 1},
		{"unknown tag", []string{"zzz"}, 4, [][]string{{}}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got [][]string
			cursor := ""
			for i := 0; i < 10; i++ {
				p, err := svc.List(ctx, Query{Site: "s", Lang: "sv", Index: "/news", Tags: tt.tags, Cursor: cursor, Limit: tt.limit})
				if err != nil {
					t.Fatal(err)
				}
				if p.Total != tt.wantTotal {
					t.Errorf("page %d total = %d, want %d", i, p.Total, tt.wantTotal)
				}
				got = append(got, names(p.Items))
				if !p.HasNext {
					break
				}
				cursor = p.EndCursor
			}
			if diff := cmp.Diff(tt.wantPages, got); diff != "" {
				t.Errorf("pages (-want +got):\n%s", diff)
			}
		})
	}
}

func TestStoryFields(t *testing.T) {
	svc := MustService(t)
	p, err := svc.List(context.Background(), Query{Site: "s", Lang: "en", Index: "/news", Tags: []string{"b"}, Limit: 1})
	if err != nil {
		t.Fatal(err)
	}
	got := p.Items[0]
	got.date = got.date.UTC()
	want := Story{ID: got.ID, Name: "s6b", Path: "/news/s6b", Title: "T-s6b", Intro: "I-s6b", Date: "2026-06-01", FormattedDate: "1 June 2026",
		Image: &Image{Src: "/x/s6b.jpg", Alt: "A", Width: 1600, Height: 1000}, Tags: []Tag{{ID: "b2", Key: "b", Value: "Beta"}}}
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(Story{}), cmp.FilterPath(func(p cmp.Path) bool { return p.Last().String() == ".date" }, cmp.Ignore())); diff != "" {
		t.Errorf("story (-want +got):\n%s", diff)
	}
	if d := FormatDate(ParseDate("20261112T000000Z"), "sv"); d != "12 november 2026" {
		t.Errorf("sv date = %q", d)
	}
}

func TestCursorErrors(t *testing.T) {
	svc := MustService(t)
	for _, c := range []string{"nope!", "Zm9v", encodeCursorRaw("bad|/x"), encodeCursorRaw("2026-01-01|x")} {
		_, err := svc.List(context.Background(), Query{Site: "s", Lang: "sv", Index: "/news", Cursor: c})
		if errs.CodeOf(err) != errs.Invalid {
			t.Errorf("cursor %q: err = %v, want invalid", c, err)
		}
	}
	if _, err := svc.List(context.Background(), Query{Site: "s", Lang: "sv", Index: "/nope"}); errs.CodeOf(err) != errs.NotFound {
		t.Errorf("missing index: err = %v, want not_found", err)
	}
}

func TestNeighbours(t *testing.T) {
	svc := MustService(t)
	tests := []struct{ path, prev, next string }{
		{"/news/s6a", "", "/news/s6b"},
		{"/news/s6b", "/news/s6a", "/news/s5"},
		{"/news/s3", "/news/s4", "/news/s2"},
		{"/news/s1", "/news/s2", ""},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			prev, next, err := svc.Neighbours(context.Background(), "s", "sv", tt.path)
			if err != nil {
				t.Fatal(err)
			}
			p, n := "", ""
			if prev != nil {
				p = prev.Path
			}
			if next != nil {
				n = next.Path
			}
			if p != tt.prev || n != tt.next {
				t.Errorf("got prev %q next %q, want %q %q", p, n, tt.prev, tt.next)
			}
		})
	}
	if _, _, err := svc.Neighbours(context.Background(), "s", "sv", "/news/other"); errs.CodeOf(err) != errs.NotFound {
		t.Errorf("non-story: err = %v, want not_found", err)
	}
}

func TestTags(t *testing.T) {
	svc := MustService(t)
	got, err := svc.Tags(context.Background(), "s", "en")
	if err != nil {
		t.Fatal(err)
	}
	want := []Tag{{"a1", "a", "Alpha"}, {"b2", "b", "Beta"}, {"c3", "c", "Gamma"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("tags (-want +got):\n%s", diff)
	}
}

func encodeCursorRaw(s string) string {
	return strings.TrimRight(strings.NewReplacer("+", "-", "/", "_").Replace(b64(s)), "=")
}

func TestAPI(t *testing.T) {
	svc := MustService(t)
	st := &site.Site{Name: "s", Languages: []string{"sv", "en"}}
	h := svc.Handler(func(*http.Request) *site.Site { return st }, func(w http.ResponseWriter, r *http.Request, status int, v any) error {
		w.WriteHeader(status)
		return json.NewEncoder(w).Encode(v)
	})
	call := func(q string) (*httptest.ResponseRecorder, error) {
		rec := httptest.NewRecorder()
		err := h(rec, httptest.NewRequest("GET", "/api/stories?"+q, nil))
		return rec, err
	}
	bad := []struct{ q, field string }{
		{"", "index"},
		{"index=news", "index"},
		{"index=/news&limit=0", "limit"},
		{"index=/news&limit=abc", "limit"},
		{"index=/news&limit=100", "limit"},
		{"index=/news&lang=de", "lang"},
		{"index=/news&cursor=not-a-cursor!", "cursor"},
	}
	for _, tt := range bad {
		t.Run("bad "+tt.q, func(t *testing.T) {
			_, err := call(tt.q)
			var e *errs.Error
			if !errorsAs(err, &e) || e.Code != errs.Invalid || e.Fields[tt.field] == "" {
				t.Fatalf("err = %v, want invalid with field %s", err, tt.field)
			}
		})
	}
	t.Run("english page two with tags", func(t *testing.T) {
		rec, err := call("index=/news&lang=en&tags=a,b&limit=2")
		if err != nil {
			t.Fatal(err)
		}
		var p1 PageOut
		json.NewDecoder(rec.Body).Decode(&p1)
		rec, err = call("index=/news&lang=en&tags=a,b&limit=2&cursor=" + p1.EndCursor)
		if err != nil {
			t.Fatal(err)
		}
		var p2 PageOut
		json.NewDecoder(rec.Body).Decode(&p2)
		var urls []string
		for _, c := range append(p1.Items, p2.Items...) {
			urls = append(urls, c.URL)
		}
		want := []string{"/en/news/s6a", "/en/news/s6b", "/en/news/s3", "/en/news/s2"}
		if diff := cmp.Diff(want, urls); diff != "" || p2.Total != 5 || !p2.HasNext {
			t.Errorf("urls (-want +got):\n%s total %d hasNext %v", diff, p2.Total, p2.HasNext)
		}
	})
}

func b64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

func errorsAs(err error, target **errs.Error) bool { return errors.As(err, target) }
