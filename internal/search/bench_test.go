package search

import (
	"fmt"
	"math/rand"
	"runtime"
	"slices"
	"sync"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// Benchmarks of the car list queries on synthetic stock. Run with
//	go test -run x -bench . -benchtime 2s ./internal/search/
// See bench/search/README.md; figures are in docs/performance.md.

var benchSizes = []int{20000, 100000}

var (
	benchMu      sync.Mutex
	benchIndexes = map[int]*Index{}
)

func benchIndex(b *testing.B, n int) *Index {
	b.Helper()
	benchMu.Lock()
	defer benchMu.Unlock()
	if ix, ok := benchIndexes[n]; ok {
		return ix
	}
	ix := MustBuild(b, VehiclesSchema(), synthCars(n, 1))
	benchIndexes[n] = ix
	return ix
}

// benchFacets are the facets of the car list screen.
var benchFacets = []FacetRequest{
	{Name: "car_brand", ChildName: "car_model"}, {Name: "car_fuel"}, {Name: "car_body"}, {Name: "car_gearbox"},
	{Name: "car_year"}, {Name: "car_price"}, {Name: "car_mileage"}, {Name: "car_campaign_price"},
	{Name: "car_privateleasing_monthly_cost"}, {Name: "car_power"}, {Name: "car_site_city"},
	{Name: "car_vehicle_type_code"}, {Name: "car_color"}, {Name: "car_drive"},
}

var benchFields = []string{"car_id", "slug", "car_brand", "car_model", "car_model_text", "car_price", "car_year",
	"car_mileage", "car_fuel", "car_gearbox", "car_images"}

var benchQueries = []struct {
	name string
	q    Query
}{
	{"unfiltered", Query{Limit: 48, Facets: benchFacets, Fields: benchFields, SortName: "car_publishdate_desc"}},
	{"filtered", Query{Limit: 48, Facets: benchFacets, Fields: benchFields, SortName: "car_price_asc",
		Filters: map[string][]string{"car_brand": {"Volvo"}, "car_fuel": {"Diesel", "El"}, "car_price": {"200000", "500000"}}}},
	{"keyphrase", Query{Limit: 48, Facets: benchFacets, Fields: benchFields, Keyphrase: "volvo xc"}},
	// One letter: the prefix of thousands of terms (registration numbers).
	{"keyphrase1", Query{Limit: 48, Facets: benchFacets, Fields: benchFields, Keyphrase: "a"}},
}

func BenchmarkSearch(b *testing.B) {
	for _, n := range benchSizes {
		for _, bq := range benchQueries {
			b.Run(fmt.Sprintf("%s/%d", bq.name, n), func(b *testing.B) {
				ix := benchIndex(b, n)
				b.ReportAllocs()
				b.ResetTimer()
				for b.Loop() {
					if _, err := ix.Search(bq.q); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkLatency reports the p50 and p99 of single queries (uncached): the
// three car list queries and a mix of random ones like the property test's.
func BenchmarkLatency(b *testing.B) {
	for _, n := range benchSizes {
		for _, bq := range benchQueries {
			b.Run(fmt.Sprintf("%s/%d", bq.name, n), func(b *testing.B) {
				ix := benchIndex(b, n)
				latencies(b, func(int) Query { return bq.q }, ix)
			})
		}
		b.Run(fmt.Sprintf("mixed/%d", n), func(b *testing.B) {
			ix := benchIndex(b, n)
			r := rand.New(rand.NewSource(1))
			docs := synthCars(n, 1) // the documents benchIndex built from
			qs := make([]Query, 512)
			for i := range qs {
				qs[i] = randomQuery(r, docs)
				qs[i].Facets, qs[i].Fields, qs[i].Limit = benchFacets, benchFields, 48
				qs[i].SortName = []string{"", "car_price_asc", "car_publishdate_desc", "car_mileage_asc"}[i%4]
			}
			latencies(b, func(i int) Query { return qs[i%len(qs)] }, ix)
		})
	}
}

func latencies(b *testing.B, q func(i int) Query, ix *Index) {
	// The query runs on this goroutine's thread: its CPU time is what the
	// query cost (the collector's assists included), whatever the wait for
	// a core on a shared machine adds to the wall time.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var ds, cpu []time.Duration
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		start, c0 := time.Now(), threadCPU()
		if _, err := ix.Search(q(i)); err != nil {
			b.Fatal(err)
		}
		ds = append(ds, time.Since(start))
		cpu = append(cpu, threadCPU()-c0)
	}
	slices.Sort(ds)
	slices.Sort(cpu)
	pct := func(ds []time.Duration, p float64) float64 {
		return float64(ds[min(len(ds)-1, int(p*float64(len(ds))))]) / 1e6
	}
	b.ReportMetric(pct(ds, 0.50), "p50-ms")
	b.ReportMetric(pct(ds, 0.99), "p99-ms")
	b.ReportMetric(float64(ds[len(ds)-1])/1e6, "max-ms")
	b.ReportMetric(pct(cpu, 0.50), "p50-cpu-ms")
	b.ReportMetric(pct(cpu, 0.99), "p99-cpu-ms")
}

// threadCPU is the CPU time of the calling thread (CLOCK_THREAD_CPUTIME_ID).
func threadCPU() time.Duration {
	var ts syscall.Timespec
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, 3, uintptr(unsafe.Pointer(&ts)), 0)
	return time.Duration(ts.Nano())
}

func BenchmarkBuild(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			docs := synthCars(n, 1)
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				if _, err := Build(VehiclesSchema(), docs); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
