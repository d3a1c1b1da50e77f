// Command load is a small closed-loop load generator for the car list page:
// -c workers request the given paths round robin on a loopback server until
// -n requests are done or -d has passed, then it prints requests/s and the
// latency percentiles. It refuses non-loopback targets and stops by itself.
//
//	go run ./bench/load -base http://127.0.0.1:8080 -c 16 -n 20000 -d 30s /bilar
package main

import (
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"sort"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	base := flag.String("base", "http://127.0.0.1:8080", "server origin (loopback only)")
	conc := flag.Int("c", 16, "concurrent clients")
	total := flag.Int("n", 20000, "requests at most")
	dur := flag.Duration("d", 30*time.Second, "time at most")
	warm := flag.Int("warm", 200, "warm-up requests (not measured)")
	flag.Parse()
	paths := flag.Args()
	if len(paths) == 0 {
		paths = []string{"/bilar"}
	}
	u, err := url.Parse(*base)
	if err != nil || !isLoopback(u.Hostname()) {
		fmt.Fprintln(os.Stderr, "load: -base must be a loopback URL, got", *base)
		os.Exit(2)
	}
	client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: *conc, DisableCompression: false}}
	get := func(p string) (time.Duration, error) {
		req, _ := http.NewRequest("GET", *base+p, nil)
		req.Header.Set("Accept-Encoding", "gzip")
		start := time.Now()
		res, err := client.Do(req)
		if err != nil {
			return 0, err
		}
		_, err = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode != 200 {
			return 0, fmt.Errorf("%s: HTTP %d", p, res.StatusCode)
		}
		return time.Since(start), err
	}
	for i := 0; i < *warm; i++ {
		if _, err := get(paths[i%len(paths)]); err != nil {
			fmt.Fprintln(os.Stderr, "load: warm-up:", err)
			os.Exit(1)
		}
	}
	var next, failures atomic.Int64
	lat := make([][]time.Duration, *conc)
	deadline := time.Now().Add(*dur)
	start := time.Now()
	var wg sync.WaitGroup
	for w := 0; w < *conc; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for time.Now().Before(deadline) {
				i := next.Add(1) - 1
				if i >= int64(*total) {
					return
				}
				d, err := get(paths[int(i)%len(paths)])
				if err != nil {
					failures.Add(1)
					continue
				}
				lat[w] = append(lat[w], d)
			}
		}(w)
	}
	wg.Wait()
	elapsed := time.Since(start)
	var all []time.Duration
	for _, l := range lat {
		all = append(all, l...)
	}
	sort.Slice(all, func(i, j int) bool { return all[i] < all[j] })
	if len(all) == 0 {
		fmt.Fprintln(os.Stderr, "load: no successful requests")
		os.Exit(1)
	}
	pct := func(p float64) time.Duration { return all[min(len(all)-1, int(p*float64(len(all))))] }
	fmt.Printf("paths %d, concurrency %d, %d ok, %d failed in %s\n", len(paths), *conc, len(all), failures.Load(), elapsed.Round(time.Millisecond))
	fmt.Printf("requests/s %.0f\n", float64(len(all))/elapsed.Seconds())
	fmt.Printf("p50 %s  p90 %s  p99 %s  max %s\n", pct(0.50).Round(10*time.Microsecond), pct(0.90).Round(10*time.Microsecond), pct(0.99).Round(10*time.Microsecond), all[len(all)-1].Round(10*time.Microsecond))
}

func isLoopback(host string) bool {
	if host == "localhost" || host == "" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
