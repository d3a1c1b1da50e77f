package catalogpages_test

import (
	"compress/gzip"
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"forecourt/internal/catalog"
	"forecourt/internal/catalogpages"
	"forecourt/internal/page"
	"forecourt/internal/search"
	"forecourt/internal/site"
	"forecourt/internal/store"
	"forecourt/internal/web"
)

// BenchmarkCarListPage serves "GET /bilar" (gzip, render cache warm) from
// the seeded stock in BENCH_DATA_DIR (run `forecourt seed` there first):
//
//	BENCH_DATA_DIR=/tmp/data go test -run x -bench CarListPage -cpuprofile cpu.out ./internal/catalogpages
func BenchmarkCarListPage(b *testing.B) {
	dir := os.Getenv("BENCH_DATA_DIR")
	if dir == "" {
		b.Skip("BENCH_DATA_DIR not set")
	}
	ctx := context.Background()
	db, err := store.Open(ctx, dir, "")
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	sites, err := site.New(site.All(), "group-se")
	if err != nil {
		b.Fatal(err)
	}
	engine := search.NewEngine()
	ix := &catalog.Indexer{Service: catalog.NewService(catalog.NewStore(db), nil), Engine: engine, Sites: sites, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if err := ix.BuildAll(ctx); err != nil {
		b.Fatal(err)
	}
	p := MustPages(b, engine)
	pages := &page.Assembler{Content: p.Content, Locales: []string{"sv", "en"}, Logger: ix.Log}
	pages.Rewrite("car-list", p.CarListRewriter)
	pages.Register("MainNavigation", pages.NavigationLoader)
	pages.Register("CarList", p.CarList)
	pages.Register("Breadcrumb", p.Breadcrumb)
	_, file, _, _ := runtime.Caller(0)
	s, err := web.New(web.Config{Locales: []string{"sv", "en"}, RenderCacheEntries: 512}, web.Deps{Sites: sites, Pages: pages, Renderer: pool, Store: db, Logger: ix.Log,
		AssetsDir: filepath.Join(filepath.Dir(file), "..", "..", "web", "dist", "client")})
	if err != nil {
		b.Fatal(err)
	}
	h := s.Handler()
	get := func() int {
		req := httptest.NewRequest("GET", "/bilar", nil)
		req.Header.Set("Accept-Encoding", "gzip")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Header().Get("Content-Encoding") == "gzip" {
			zr, _ := gzip.NewReader(rec.Body)
			n, _ := io.Copy(io.Discard, zr)
			return int(n)
		}
		return rec.Body.Len()
	}
	if n := get(); n < 10000 {
		b.Fatalf("page is %d bytes", n)
	}
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			req := httptest.NewRequest("GET", "/bilar", nil)
			req.Header.Set("Accept-Encoding", "gzip")
			h.ServeHTTP(httptest.NewRecorder(), req)
		}
	})
}

var _ = catalogpages.PageSize
