package catalog_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/demo/stock"
	"forecourt/internal/search"
	"forecourt/internal/site"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
)

// BenchmarkImport200k is the ten-times-the-stock import: the demo stock of
// group-se (20,500 cars) is in the store and indexed and queries run without
// pause, then a full feed of 200,000 cars is imported and the site's indexes
// are rebuilt and swapped as the server's indexer does. It reports the import
// and rebuild times and the query latencies while each runs. Minutes long,
// so only when asked for (PostgreSQL in a fresh schema of TEST_DATABASE_URL):
//
//	BENCH_IMPORT=1 go test -run x -bench Import200k -benchtime 1x -timeout 30m ./internal/catalog/
//
// BENCH_IMPORT_CARS=50000 imports a smaller feed (for a quick profile).
//
// Figures: docs/performance.md.
func BenchmarkImport200k(b *testing.B) {
	if os.Getenv("BENCH_IMPORT") == "" {
		b.Skip("set BENCH_IMPORT=1 to import a 200,000-car feed")
	}
	feed := filepath.Join(b.TempDir(), "cars.jsonl")
	f, err := os.Create(feed)
	if err != nil {
		b.Fatal(err)
	}
	cars := 200000.0
	if v, err := strconv.ParseFloat(os.Getenv("BENCH_IMPORT_CARS"), 64); err == nil && v > 0 {
		cars = v // a smaller feed for profiling
	}
	if err := stock.WriteDemoFeed(f, catalog.KindCars, "group-se", stock.SeedOptions{Scale: cars / 20500}); err != nil {
		b.Fatal(err)
	}
	f.Close()
	engines := []struct {
		name string
		open func(testing.TB) *store.DB
	}{{"sqlite", storetest.MustSQLite}, {"postgres", storetest.MustPostgres}}
	for _, e := range engines {
		b.Run(e.name, func(b *testing.B) {
			for b.Loop() {
				importBench(b, e.open(b), feed)
			}
		})
	}
}

func importBench(b *testing.B, db *store.DB, feed string) {
	ctx := context.Background()
	st := catalog.NewStore(db)
	if _, err := stock.Seed(ctx, st, stock.SeedOptions{Sites: []string{"group-se"}}); err != nil {
		b.Fatal(err)
	}
	se := &site.Site{Name: "group-se", Languages: []string{"sv"}}
	reg, err := site.New([]*site.Site{se}, "group-se")
	if err != nil {
		b.Fatal(err)
	}
	eng := search.NewEngine()
	ixr := &catalog.Indexer{Service: catalog.NewService(st, nil), Engine: eng, Sites: reg}
	start := time.Now()
	if err := ixr.Rebuild(ctx, se); err != nil {
		b.Fatal(err)
	}
	b.Logf("initial index: %d cars in %s", mustIndex(b, eng, se).Len(), time.Since(start).Round(time.Millisecond))

	// One client querying the car list without pause, uncached (straight to
	// the index the engine holds at that moment), in three phases.
	var phase atomic.Int32 // 0 idle, 1 importing, 2 rebuilding
	var mu sync.Mutex
	lat := map[int32][]time.Duration{}
	stop := make(chan struct{})
	done := make(chan struct{})
	facets := []search.FacetRequest{{Name: "car_brand", ChildName: "car_model"}, {Name: "car_fuel"}, {Name: "car_body"},
		{Name: "car_gearbox"}, {Name: "car_year"}, {Name: "car_price"}, {Name: "car_mileage"}, {Name: "car_site_city"}}
	queries := []search.Query{
		{Limit: 48, Facets: facets, SortName: "car_publishdate_desc"},
		{Limit: 48, Facets: facets, SortName: "car_price_asc", Filters: map[string][]string{"car_brand": {"Volvo"}, "car_fuel": {"El", "Diesel"}}},
		{Limit: 48, Facets: facets, Keyphrase: "volvo xc"},
	}
	go func() {
		defer close(done)
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			ix := mustIndex(b, eng, se)
			t0 := time.Now()
			if _, err := ix.Search(queries[i%len(queries)]); err != nil {
				b.Error(err)
				return
			}
			d := time.Since(t0)
			mu.Lock()
			lat[phase.Load()] = append(lat[phase.Load()], d)
			mu.Unlock()
			time.Sleep(2 * time.Millisecond) // a client, not a saturating loop
		}
	}()
	time.Sleep(3 * time.Second)

	in, err := os.Open(feed)
	if err != nil {
		b.Fatal(err)
	}
	defer in.Close()
	phase.Store(1)
	start = time.Now()
	cpu0 := cpuTime()
	rep, err := catalog.Import(ctx, st, catalog.KindCars, "group-se", in, catalog.ImportOptions{Full: true})
	if err != nil {
		b.Fatal(err)
	}
	importTook, importCPU := time.Since(start), cpuTime()-cpu0
	phase.Store(2)
	start = time.Now()
	cpu0 = cpuTime()
	if err := ixr.Rebuild(ctx, se); err != nil {
		b.Fatal(err)
	}
	rebuildTook, rebuildCPU := time.Since(start), cpuTime()-cpu0
	phase.Store(3)
	time.Sleep(2 * time.Second)
	close(stop)
	<-done
	n := mustIndex(b, eng, se).Len()
	b.Logf("%s: import of %d cars (%d rejected) %.1f s; index rebuild of %d cars %.1f s; import + rebuild %.1f s",
		db.Engine, rep.Imported, len(rep.Rejected), importTook.Seconds(), n, rebuildTook.Seconds(), (importTook + rebuildTook).Seconds())
	// On a shared machine the wall times include waiting for a core; the
	// process's CPU time (user + system, all threads, the query client's
	// included) is what the work costs. PostgreSQL's own work is not in it.
	b.Logf("  process CPU: import %.1f s, rebuild %.1f s; load average %s", importCPU.Seconds(), rebuildCPU.Seconds(), loadAvg())
	for p, name := range []string{"before", "during import", "during rebuild", "after swap"} {
		ds := lat[int32(p)]
		slices.Sort(ds)
		if len(ds) == 0 {
			continue
		}
		pct := func(q float64) time.Duration { return ds[min(len(ds)-1, int(q*float64(len(ds))))] }
		b.Logf("  queries %-15s n=%-6d p50 %6.2f ms  p99 %6.2f ms  max %6.2f ms", name, len(ds),
			ms(pct(0.5)), ms(pct(0.99)), ms(ds[len(ds)-1]))
	}
	b.ReportMetric(importTook.Seconds(), "import-s")
	b.ReportMetric(rebuildTook.Seconds(), "rebuild-s")
}

func ms(d time.Duration) float64 { return float64(d) / 1e6 }

// cpuTime is the process's user + system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	return strings.Join(f[:min(3, len(f))], " ")
}

func mustIndex(b *testing.B, eng *search.Engine, se *site.Site) *search.Index {
	ix, err := eng.Index(se.VehiclesIndex())
	if err != nil {
		b.Fatal(fmt.Errorf("index: %w", err))
	}
	return ix
}
