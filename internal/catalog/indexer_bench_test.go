package catalog_test

import (
	"context"
	"io"
	"log/slog"
	"runtime"
	"testing"

	"forecourt/internal/catalog"
	"forecourt/internal/demo/stock"
	"forecourt/internal/search"
	"forecourt/internal/site"
	"forecourt/internal/store/storetest"
)

// BenchmarkIndexerRebuild is the server's index build of one site: the
// demo stock of group-se (20,500 cars) read from SQLite, made into search
// documents (blur placeholders filled) and indexed, then swapped in, as
// the indexer does at start and after an import:
//
//	go test -run x -bench IndexerRebuild -benchtime 5x ./internal/catalog/
//
// cpu-ms/op is the process's CPU time per build (the collector's
// included); live-MB is the heap after a collection with the built indexes in place
// (the store's connection and the service's caches included).
func BenchmarkIndexerRebuild(b *testing.B) {
	ctx := context.Background()
	st := catalog.NewStore(storetest.MustSQLite(b))
	if _, err := stock.Seed(ctx, st, stock.SeedOptions{Sites: []string{"group-se"}}); err != nil {
		b.Fatal(err)
	}
	se := &site.Site{Name: "group-se", Languages: []string{"sv"}}
	reg, err := site.New([]*site.Site{se}, "group-se")
	if err != nil {
		b.Fatal(err)
	}
	eng := search.NewEngine()
	svc := catalog.NewService(st, func(p string) string { return "data:image/webp;base64," + p })
	ixr := &catalog.Indexer{Service: svc, Engine: eng, Sites: reg, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuTime()
	for b.Loop() {
		if err := ixr.Rebuild(ctx, se); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	// On a loaded machine the wall time is mostly waiting for a core; the
	// process's CPU time per build is what the build costs.
	b.ReportMetric(float64(cpuTime()-cpu0)/1e6/float64(b.N), "cpu-ms/op")
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(ms.HeapAlloc)/1e6, "live-MB")
	if n := mustIndex(b, eng, se).Len(); n < 20000 {
		b.Fatalf("indexed %d cars", n)
	}
}
