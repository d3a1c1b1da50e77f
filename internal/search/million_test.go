package search

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"testing"
	"time"
)

// BenchmarkMillion is the ten-times-the-stock benchmark: 1,000,000
// synthetic cars (the mix of synthCars) streamed into a Builder, then the car
// list's queries with all its facets, uncached. It reports the build time,
// the live heap of the built index and p50/p99 per query. It takes minutes
// and about 1.5 GB, so it runs only when asked for:
//
//	BENCH_MILLION=1 go test -run x -bench Million -benchtime 400x -timeout 30m ./internal/search/
//
// BENCH_MILLION_N=200000 builds a smaller index (for a quick profile).
// Figures: docs/performance.md.
func BenchmarkMillion(b *testing.B) {
	if os.Getenv("BENCH_MILLION") == "" {
		b.Skip("set BENCH_MILLION=1 to build a 1,000,000-car index")
	}
	n := 1_000_000
	if v, err := strconv.Atoi(os.Getenv("BENCH_MILLION_N")); err == nil && v > 0 {
		n = v // a smaller index, for a quick profile
	}
	ix := millionIndex(b, n)
	for _, bq := range benchQueries {
		b.Run(bq.name, func(b *testing.B) {
			latencies(b, func(int) Query { return bq.q }, ix)
		})
	}
	runtime.KeepAlive(ix)
}

var millionIx *Index

func millionIndex(b *testing.B, n int) *Index {
	if millionIx != nil {
		return millionIx
	}
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	bl, err := NewBuilder(VehiclesSchema(), n)
	if err != nil {
		b.Fatal(err)
	}
	next := synthGen(1)
	for i := range n {
		if err := bl.Add(JSONDoc(next(i))); err != nil {
			b.Fatal(err)
		}
	}
	ix, err := bl.Finish()
	if err != nil {
		b.Fatal(err)
	}
	took := time.Since(start)
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	fmt.Fprintf(os.Stderr, "million: %d cars built in %.1f s; live heap of the index %.0f MB (process heap %.0f MB, peak heap in use %.0f MB from the runtime's sys)\n",
		ix.Len(), took.Seconds(), float64(after.HeapAlloc-before.HeapAlloc)/1e6, float64(after.HeapAlloc)/1e6, float64(after.HeapSys)/1e6)
	millionIx = ix
	return ix
}
