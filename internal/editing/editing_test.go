package editing_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"forecourt/internal/content"
	"forecourt/internal/editing"
	"forecourt/internal/errs"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
)

func mustEdit(tb testing.TB, in editing.EditInput) editing.Edit {
	tb.Helper()
	e, err := editing.ParseEdit("group-se", in)
	if err != nil {
		tb.Fatalf("ParseEdit: %v", err)
	}
	return e
}

func raw(v any) json.RawMessage { b, _ := json.Marshal(v); return b }

func TestAccounts(t *testing.T) {
	h, err := editing.HashPassword("correct horse")
	if err != nil {
		t.Fatal(err)
	}
	acc, err := editing.ParseAccounts("anna:" + h + ", bo:" + h)
	if err != nil {
		t.Fatal(err)
	}
	if err := acc.Check("anna", "correct horse"); err != nil {
		t.Errorf("right password: %v", err)
	}
	for _, c := range [][2]string{{"anna", "wrong"}, {"nobody", "correct horse"}, {"", ""}} {
		if err := acc.Check(c[0], c[1]); !errs.Is(err, errs.Unauthorized) {
			t.Errorf("Check(%q, %q) = %v, want unauthorized", c[0], c[1], err)
		}
	}
	for _, bad := range []string{"anna", "anna:plaintext", ":" + h, "anna:" + h + ",anna:" + h} {
		if _, err := editing.ParseAccounts(bad); err == nil {
			t.Errorf("ParseAccounts(%q) accepted", bad)
		} else if strings.Contains(err.Error(), "plaintext") {
			t.Errorf("error leaks the secret: %v", err)
		}
	}
	if _, err := editing.HashPassword("short"); !errs.Is(err, errs.Invalid) {
		t.Errorf("short password: %v", err)
	}
}

func TestAccountSites(t *testing.T) {
	h, err := editing.HashPassword("correct horse")
	if err != nil {
		t.Fatal(err)
	}
	acc, err := editing.ParseAccounts("anna:" + h + ":group-se|group-uk, bo:" + h + ", cy:" + h + ":*")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, site string
		want       bool
	}{
		{"anna", "group-se", true}, {"anna", "group-uk", true}, {"anna", "group-dk", false},
		{"bo", "group-se", true}, {"bo", "group-uk", false}, // no list: the default site only
		{"cy", "group-dk", true},
	}
	for _, c := range cases {
		if got := acc[c.name].MayEdit(c.site, "group-se"); got != c.want {
			t.Errorf("%s may edit %s = %v, want %v", c.name, c.site, got, c.want)
		}
	}
	if _, err := editing.ParseAccounts("anna:" + h + ":"); err == nil {
		t.Error("an empty site list was accepted")
	}
}

func TestParseEdit(t *testing.T) {
	base := editing.EditInput{ItemID: "item-1", Language: "sv", Field: "Title"}
	with := func(kind string, v any) editing.EditInput { in := base; in.Kind = kind; in.Value = raw(v); return in }
	ok := []struct {
		name string
		in   editing.EditInput
		want any
	}{
		{"text trimmed", with("text", "  Hej  "), "Hej"},
		{"rich sanitised", with("rich", `<p onclick="x()">Hej <script>alert(1)</script><a href="javascript:alert(1)">l</a><strong>s</strong></p>`), `<p>Hej l<strong>s</strong></p>`},
		{"image", with("image", map[string]string{"src": "/-/media/demo/scene/city.jpg", "alt": "Stad"}), map[string]any{"src": "/-/media/demo/scene/city.jpg", "alt": "Stad"}},
		{"link site-relative", with("link", map[string]string{"href": "/bilar", "text": "Bilar"}), map[string]any{"href": "/bilar", "text": "Bilar", "target": "", "title": "", "linktype": "internal"}},
		{"link mailto", with("link", map[string]string{"href": "mailto:info@forecourt.se", "text": "Mejla", "target": "_blank"}), map[string]any{"href": "mailto:info@forecourt.se", "text": "Mejla", "target": "_blank", "title": "", "linktype": "mailto"}},
		{"link tel", with("link", map[string]string{"href": "tel:+46101234567"}), map[string]any{"href": "tel:+46101234567", "text": "", "target": "", "title": "", "linktype": "external"}},
	}
	for _, c := range ok {
		t.Run(c.name, func(t *testing.T) {
			e := mustEdit(t, c.in)
			if d := cmp.Diff(c.want, e.Value); d != "" {
				t.Errorf("value (-want +got):\n%s", d)
			}
		})
	}
	bad := []struct {
		name, field string
		in          editing.EditInput
	}{
		{"text with markup", "value", with("text", "<b>x</b>")},
		{"text too long", "value", with("text", strings.Repeat("a", 501))},
		{"rich too long", "value", with("rich", strings.Repeat("a", 20001))},
		{"javascript href", "value.href", with("link", map[string]string{"href": "javascript:alert(1)"})},
		{"protocol-relative href", "value.href", with("link", map[string]string{"href": "//evil.example/x"})},
		{"data href", "value.href", with("link", map[string]string{"href": "data:text/html,<script>"})},
		{"bad target", "value.target", with("link", map[string]string{"href": "/a", "target": "_top"})},
		{"image http", "value.src", with("image", map[string]string{"src": "http://x.example/a.jpg"})},
		{"image quote", "value.src", with("image", map[string]string{"src": `/a.jpg" onerror="x`})},
		{"unknown kind", "kind", with("video", "x")},
		{"no item", "itemId", func() editing.EditInput { in := with("text", "x"); in.ItemID = ""; return in }()},
		{"bad field", "field", func() editing.EditInput { in := with("text", "x"); in.Field = "a b"; return in }()},
		{"bad language", "language", func() editing.EditInput { in := with("text", "x"); in.Language = "<x>"; return in }()},
	}
	for _, c := range bad {
		t.Run(c.name, func(t *testing.T) {
			_, err := editing.ParseEdit("group-se", c.in)
			var e *errs.Error
			if !errs.Is(err, errs.Invalid) || !asErr(err, &e) || e.Fields[c.field] == "" {
				t.Fatalf("ParseEdit = %v, want invalid with field %s", err, c.field)
			}
		})
	}
}

func asErr(err error, target **errs.Error) bool {
	e, ok := err.(*errs.Error)
	*target = e
	return ok
}

func TestSessions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		st := editing.NewStore(db)
		now := time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)
		st.SetClock(func() time.Time { return now })
		token, s, err := st.CreateSession(ctx, "anna", time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		if len(token) < 43 || s.CSRF == "" || s.CSRF == token {
			t.Fatalf("token %q csrf %q: want 256-bit random values", token, s.CSRF)
		}
		var stored string
		db.QueryRow(`SELECT token_hash FROM editing_sessions`).Scan(&stored)
		if stored == token || strings.Contains(stored, token) {
			t.Fatal("the token is stored in clear")
		}
		got, err := st.Session(ctx, token)
		if err != nil || got.Editor != "anna" || got.CSRF != s.CSRF {
			t.Fatalf("Session = %+v, %v", got, err)
		}
		if err := got.CheckCSRF(s.CSRF); err != nil {
			t.Errorf("CheckCSRF(right) = %v", err)
		}
		if err := got.CheckCSRF("x" + s.CSRF); !errs.Is(err, errs.Forbidden) {
			t.Errorf("CheckCSRF(wrong) = %v", err)
		}
		// A forged token differs from the real one in its last character.
		last := "A"
		if strings.HasSuffix(token, "A") {
			last = "B"
		}
		for name, tok := range map[string]string{"empty": "", "forged": token[:len(token)-1] + last, "random": "abc"} {
			if _, err := st.Session(ctx, tok); !errs.Is(err, errs.Unauthorized) {
				t.Errorf("%s token: %v", name, err)
			}
		}
		now = now.Add(time.Hour)
		if _, err := st.Session(ctx, token); !errs.Is(err, errs.Unauthorized) {
			t.Errorf("expired session: %v", err)
		}
		now = now.Add(-30 * time.Minute)
		if err := st.DeleteSession(ctx, token); err != nil {
			t.Fatal(err)
		}
		if _, err := st.Session(ctx, token); !errs.Is(err, errs.Unauthorized) {
			t.Errorf("signed-out session: %v", err)
		}
	})
}

func testRoute() *content.Route {
	return &content.Route{
		Name: "home", ItemID: "item-1", Fields: content.Fields{"metaTitle": map[string]any{"value": "Hem"}},
		Placeholders: map[string][]content.Component{"headless-main": {
			{UID: "hero-1", ComponentName: "HeroBanner", Fields: content.Fields{
				"Title": map[string]any{"value": "Hitta din nästa bil"},
				"Image": map[string]any{"value": map[string]any{"src": "/a.jpg", "alt": "A", "width": 1920.0, "height": 1080.0}},
			}},
			{UID: "blurb-1", ComponentName: "Blurb", DataSource: "ds-1", Fields: content.Fields{"Title": map[string]any{"value": "Blurb"}}},
		}},
	}
}

type fakeSource struct{ content.Source }

func (fakeSource) Route(ctx context.Context, site, lang, path string) (*content.Route, error) {
	return testRoute(), nil
}

func TestVersionsAndOverlay(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		st := editing.NewStore(db)
		ov := editing.NewOverlay(fakeSource{}, st)
		ov.TTL = 0
		title := func(ctx context.Context) string {
			r, err := ov.Route(ctx, "group-se", "sv", "/")
			if err != nil {
				t.Fatal(err)
			}
			return r.Placeholders["headless-main"][0].Fields.String("Title")
		}
		drafts := editing.WithDrafts(ctx)
		hero := editing.EditInput{ItemID: "item-1", UID: "hero-1", Language: "sv", Field: "Title", Kind: "text"}
		hero.Value = raw("Utkast ett")
		v1, err := st.SaveDraft(ctx, mustEdit(t, hero), "anna")
		if err != nil {
			t.Fatal(err)
		}
		if got := title(drafts); got != "Utkast ett" {
			t.Errorf("editor sees %q, want the draft", got)
		}
		if got := title(ctx); got != "Hitta din nästa bil" {
			t.Errorf("visitor sees %q before publishing, want the original", got)
		}
		if n, err := st.Publish(ctx, "group-se", "item-1", "sv"); err != nil || n != 1 {
			t.Fatalf("Publish = %d, %v", n, err)
		}
		if got := title(ctx); got != "Utkast ett" {
			t.Errorf("visitor sees %q after publishing", got)
		}
		hero.Value = raw("Utkast två")
		if _, err := st.SaveDraft(ctx, mustEdit(t, hero), "bo"); err != nil {
			t.Fatal(err)
		}
		if got, want := [2]string{title(drafts), title(ctx)}, [2]string{"Utkast två", "Utkast ett"}; got != want {
			t.Errorf("editor, visitor = %q, want %q", got, want)
		}
		// Another language and another site are untouched.
		if r, _ := ov.Route(drafts, "group-se", "en", "/"); r.Placeholders["headless-main"][0].Fields.String("Title") != "Hitta din nästa bil" {
			t.Error("the sv draft shows in en")
		}
		hist, err := st.History(ctx, "group-se", "sv", "uid:hero-1", "Title")
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, v := range hist {
			got = append(got, v.Value.(string)+"/"+v.Editor+"/"+map[bool]string{true: "published", false: "draft"}[v.PublishedAt != nil])
		}
		if d := cmp.Diff([]string{"Utkast två/bo/draft", "Utkast ett/anna/published"}, got); d != "" {
			t.Errorf("history (-want +got):\n%s", d)
		}
		rv, err := st.Revert(ctx, "group-se", v1.ID, "anna")
		if err != nil {
			t.Fatal(err)
		}
		if rv.ID <= v1.ID || title(drafts) != "Utkast ett" {
			t.Errorf("after revert: version %d, editor sees %q", rv.ID, title(drafts))
		}
		if _, err := st.Revert(ctx, "group-uk", v1.ID, "anna"); !errs.Is(err, errs.NotFound) {
			t.Errorf("revert across sites: %v", err)
		}
		// Datasource edits, image merge and item fields.
		ds := editing.EditInput{ItemID: "item-1", UID: "blurb-1", DataSource: "ds-1", Language: "sv", Field: "Title", Kind: "text", Value: raw("Ny blurb")}
		img := editing.EditInput{ItemID: "item-1", UID: "hero-1", Language: "sv", Field: "Image", Kind: "image", Value: raw(map[string]string{"src": "/a.jpg", "alt": "Ny alt"})}
		meta := editing.EditInput{ItemID: "item-1", Language: "sv", Field: "metaTitle", Kind: "text", Value: raw("Ny titel")}
		for _, in := range []editing.EditInput{ds, img, meta} {
			if _, err := st.SaveDraft(ctx, mustEdit(t, in), "anna"); err != nil {
				t.Fatal(err)
			}
		}
		r, _ := ov.Route(drafts, "group-se", "sv", "/")
		if got := r.Placeholders["headless-main"][1].Fields.String("Title"); got != "Ny blurb" {
			t.Errorf("datasource title %q", got)
		}
		if d := cmp.Diff(map[string]any{"src": "/a.jpg", "alt": "Ny alt", "width": 1920.0, "height": 1080.0}, r.Placeholders["headless-main"][0].Fields.Value("Image")); d != "" {
			t.Errorf("image (-want +got):\n%s", d)
		}
		if r.Fields.String("metaTitle") != "Ny titel" {
			t.Errorf("item field %q", r.Fields.String("metaTitle"))
		}
	})
}

func TestApplyDoesNotChangeTheSource(t *testing.T) {
	r := testRoute()
	editing.Apply(r, editing.Overrides{"uid:hero-1": {"Title": {Kind: editing.KindText, Value: "X"}}})
	if r.Placeholders["headless-main"][0].Fields.String("Title") != "Hitta din nästa bil" {
		t.Error("Apply changed the source route (the edge cache would be corrupted)")
	}
}
