package catalogpages_test

import (
	"os"
	"strings"
	"testing"

	"forecourt/internal/page"
	"forecourt/internal/render"
	"forecourt/internal/site"
	"forecourt/internal/store/storetest"
	"forecourt/internal/web"
	"forecourt/internal/web/webtest"
)

var pool *render.Pool

// TestMain starts one real render worker: the handler tests render pages
// as production does. It needs the front-end build (make build).
func TestMain(m *testing.M) {
	if webtest.Fuzzing() {
		// A fuzz run (make test-fuzz) runs no server test: no render worker.
		os.Exit(m.Run())
	}
	var err error
	pool, err = webtest.StartPool()
	if err != nil {
		println("start render pool:", err.Error())
		os.Exit(1)
	}
	code := m.Run()
	pool.Close()
	os.Exit(code)
}

func mustServer(t *testing.T) *web.Server {
	t.Helper()
	sites, err := site.New(site.All(), "group-se")
	if err != nil {
		t.Fatal(err)
	}
	p := MustPages(t, MustEngine(t))
	pages := &page.Assembler{Content: p.Content, Locales: []string{"sv", "en"}}
	pages.Rewrite("car-list", p.CarListRewriter)
	pages.Register("CarList", p.CarList)
	pages.Register("Breadcrumb", p.Breadcrumb)
	s, err := web.New(web.Config{Locales: []string{"sv", "en"}}, web.Deps{Sites: sites, Pages: pages, Renderer: pool, Store: storetest.MustSQLite(t),
		AssetsDir: webtest.AssetsDir()})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestBrandModelPageRenders(t *testing.T) {
	h := mustServer(t).Handler()
	tests := []struct {
		target, title, canonical, h1 string
		status, cards                int
	}{
		{"/bilar/bmw/x3", "X3 BMW | Forecourt", "/bilar/bmw/x3", "BMW X3", 200, 2},
		{"/bilar/bmw", "BMW | Forecourt", "/bilar/bmw", "BMW", 200, 3},
		{"/bilar?car_fuel=Diesel&page=abc", "Nya och begagnade bilar | Forecourt", "/bilar", "Nya och begagnade bilar", 200, 3},
		{"/bilar/saab", "Nya och begagnade bilar | Forecourt", "/bilar/saab", "Nya och begagnade bilar", 404, 0},
	}
	for _, tt := range tests {
		t.Run(tt.target, func(t *testing.T) {
			r := webtest.Get(t, h, tt.target)
			if r.StatusCode != tt.status {
				t.Fatalf("status %d, want %d", r.StatusCode, tt.status)
			}
			doc := r.Doc
			if got := webtest.Text(webtest.Find(doc, "title")); got != tt.title {
				t.Errorf("title %q, want %q", got, tt.title)
			}
			if got := webtest.Attr(webtest.Find(doc, "link", "rel", "canonical"), "href"); !strings.HasSuffix(got, tt.canonical) {
				t.Errorf("canonical %q, want …%s", got, tt.canonical)
			}
			if got := webtest.Text(webtest.Find(doc, "h1")); got != tt.h1 {
				t.Errorf("h1 %q, want %q", got, tt.h1)
			}
			cards := webtest.FindAll(doc, "article")
			if len(cards) != tt.cards {
				t.Errorf("%d car cards, want %d", len(cards), tt.cards)
			}
		})
	}
}
