package bookingapi_test

import (
	"bufio"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"
)

// BenchmarkStreamFirstMessage measures, over a real loopback connection,
// the time from sending the closestAvailable request (three services, a
// Stockholm position) to reading its first workshop message.
func BenchmarkStreamFirstMessage(b *testing.B) {
	f := sqliteFixture(b)
	// A benchmark is one client asking far more often than the per-address
	// stream limit allows a visitor.
	f.api.StreamLimit = 1 << 30
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Host = "forecourt.se"
		f.h.ServeHTTP(w, r)
	}))
	defer srv.Close()
	url := srv.URL + "/api/mechmate/departments/closestAvailable?regNo=ABC123&serviceOfferings=originalservice,wheelchange,acservice&latitude=59.33&longitude=18.06"
	var lat []time.Duration
	var ru0 syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
	for b.Loop() {
		t0 := time.Now()
		res, err := http.Get(url)
		if err != nil {
			b.Fatal(err)
		}
		line, err := bufio.NewReader(res.Body).ReadString('\n')
		if err != nil || !strings.HasPrefix(line, "data: {\"departmentId\"") {
			b.Fatalf("first line %q: %v", line, err)
		}
		lat = append(lat, time.Since(t0))
		res.Body.Close()
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
	var ru1 syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
	cpu := (ru1.Utime.Nano() + ru1.Stime.Nano()) - (ru0.Utime.Nano() + ru0.Stime.Nano())
	b.ReportMetric(float64(cpu)/1e6/float64(len(lat)), "cpu-ms/op")
}
