// Command detail loads car detail pages of a running forecourt server on
// loopback at a fixed concurrency for a bounded time and prints pages/s
// and latency percentiles. It refuses non-loopback targets.
//
//	go run ./bench/detail -url http://127.0.0.1:8080 -c 16 -d 20s
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"sort"
	"sync"
	"time"
)

func main() {
	base := flag.String("url", "http://127.0.0.1:8080", "server origin (loopback only)")
	conc := flag.Int("c", 16, "concurrent clients")
	dur := flag.Duration("d", 20*time.Second, "how long to run (at most 2m)")
	cars := flag.Int("cars", 200, "distinct car pages to cycle through")
	flag.Parse()
	u, err := url.Parse(*base)
	if err != nil || (u.Hostname() != "127.0.0.1" && u.Hostname() != "localhost" && u.Hostname() != "::1") {
		fmt.Fprintln(os.Stderr, "detail: -url must be a loopback origin")
		os.Exit(2)
	}
	*dur = min(*dur, 2*time.Minute)
	q, _ := json.Marshal(map[string]any{"index": "vehicles_group_se", "limit": *cars, "fields": []string{"car_id", "slug"}})
	res, err := http.Post(*base+"/api/search", "application/json", bytes.NewReader(q))
	if err != nil {
		fmt.Fprintln(os.Stderr, "detail:", err)
		os.Exit(1)
	}
	var sr struct {
		Content []struct {
			CarID float64 `json:"car_id"`
			Slug  string  `json:"slug"`
		} `json:"content"`
	}
	json.NewDecoder(res.Body).Decode(&sr)
	res.Body.Close()
	if len(sr.Content) == 0 {
		fmt.Fprintln(os.Stderr, "detail: no cars")
		os.Exit(1)
	}
	paths := make([]string, len(sr.Content))
	for i, c := range sr.Content {
		paths[i] = fmt.Sprintf("%s/bilar/%d/%s", *base, int64(c.CarID), c.Slug)
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: *conc}, Timeout: 10 * time.Second}
	deadline := time.Now().Add(*dur)
	var mu sync.Mutex
	var lat []time.Duration
	errors := 0
	var wg sync.WaitGroup
	start := time.Now()
	for w := 0; w < *conc; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			var mine []time.Duration
			bad := 0
			for i := w; time.Now().Before(deadline); i += *conc {
				t0 := time.Now()
				r, err := client.Get(paths[i%len(paths)])
				if err == nil {
					io.Copy(io.Discard, r.Body)
					r.Body.Close()
				}
				if err != nil || r.StatusCode != 200 {
					bad++
					continue
				}
				mine = append(mine, time.Since(t0))
			}
			mu.Lock()
			lat = append(lat, mine...)
			errors += bad
			mu.Unlock()
		}(w)
	}
	wg.Wait()
	el := time.Since(start)
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	pct := func(p float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[min(len(lat)-1, int(float64(len(lat))*p))]
	}
	fmt.Printf("car detail pages: %d ok, %d errors in %s at concurrency %d\n", len(lat), errors, el.Round(time.Millisecond), *conc)
	fmt.Printf("throughput %.0f pages/s; latency p50 %s p90 %s p99 %s max %s\n",
		float64(len(lat))/el.Seconds(), pct(.50).Round(10*time.Microsecond), pct(.90).Round(10*time.Microsecond), pct(.99).Round(10*time.Microsecond), pct(1).Round(10*time.Microsecond))
}
