// Command loadgen sends HTTP requests to one loopback server for a bounded
// time and prints a JSON summary: requests, statuses, errors, rate and
// latency percentiles. It backs the fault and soak scripts of bench/
// (figures in docs/reliability.md).
//
//	go run ./bench/loadgen -base http://127.0.0.1:8187 -targets t.txt -c 32 -duration 30s [-rate 100]
//
// The targets file has one request a line: "GET /path" or
// "POST /api/search {json body}"; lines are used round robin.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

type target struct{ method, path, body string }

type summary struct {
	Requests  int64          `json:"requests"`
	Status    map[string]int `json:"status"`
	Non200    int64          `json:"non_200"`
	Non2xx    int64          `json:"non_2xx"`
	Errors    int64          `json:"errors"`
	ErrorText []string       `json:"error_samples,omitempty"`
	Seconds   float64        `json:"seconds"`
	RPS       float64        `json:"rps"`
	P50ms     float64        `json:"p50_ms"`
	P99ms     float64        `json:"p99_ms"`
	MaxMs     float64        `json:"max_ms"`
}

func main() {
	base := flag.String("base", "http://127.0.0.1:8187", "server origin (loopback only)")
	file := flag.String("targets", "", "file of requests, one a line")
	c := flag.Int("c", 32, "concurrent connections")
	dur := flag.Duration("duration", 30*time.Second, "how long to send (at most 1h)")
	rate := flag.Float64("rate", 0, "requests per second in all (0: as fast as the connections go)")
	host := flag.String("host", "", "Host header (a site's host)")
	limit := flag.Int64("n", 0, "stop after this many requests (0: run for -duration)")
	flag.Parse()
	u, err := url.Parse(*base)
	if err != nil || (u.Hostname() != "127.0.0.1" && u.Hostname() != "localhost" && u.Hostname() != "::1") {
		fail("loadgen only sends to loopback: %s", *base)
	}
	if *dur <= 0 || *dur > time.Hour || *c < 1 || *c > 256 {
		fail("bounds: duration (0, 1h], c [1, 256]")
	}
	targets := readTargets(*file)
	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: *c, DisableCompression: false}}

	var (
		mu     sync.Mutex
		lat    []time.Duration
		status = map[string]int{}
		errTxt []string
		n, bad atomic.Int64
		bad2xx atomic.Int64
		errsN  atomic.Int64
		next   atomic.Int64
	)
	var tick <-chan time.Time
	if *rate > 0 {
		t := time.NewTicker(time.Duration(float64(time.Second) / *rate))
		defer t.Stop()
		tick = t.C
	}
	start := time.Now()
	deadline := start.Add(*dur)
	var wg sync.WaitGroup
	for i := 0; i < *c; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Now().Before(deadline) {
				if tick != nil {
					select {
					case <-tick:
					case <-time.After(time.Until(deadline)):
						return
					}
				}
				i := next.Add(1) - 1
				if *limit > 0 && i >= *limit {
					return
				}
				tg := targets[int(i)%len(targets)]
				var body io.Reader
				if tg.body != "" {
					body = strings.NewReader(tg.body)
				}
				req, _ := http.NewRequest(tg.method, *base+tg.path, body)
				if *host != "" {
					req.Host = *host
				}
				if tg.body != "" {
					req.Header.Set("Content-Type", "application/json")
					req.Header.Set("Origin", *base) // forms accept the site's own pages only
				}
				req.Header.Set("Accept-Encoding", "gzip")
				t0 := time.Now()
				res, err := client.Do(req)
				d := time.Since(t0)
				n.Add(1)
				if err != nil {
					errsN.Add(1)
					bad.Add(1)
					bad2xx.Add(1)
					mu.Lock()
					if len(errTxt) < 5 {
						errTxt = append(errTxt, err.Error())
					}
					mu.Unlock()
					continue
				}
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode != http.StatusOK {
					bad.Add(1)
				}
				if res.StatusCode < 200 || res.StatusCode > 299 {
					bad2xx.Add(1)
				}
				mu.Lock()
				lat = append(lat, d)
				status[fmt.Sprint(res.StatusCode)]++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	secs := time.Since(start).Seconds()
	slices.Sort(lat)
	pct := func(p float64) float64 {
		if len(lat) == 0 {
			return 0
		}
		return float64(lat[min(len(lat)-1, int(p*float64(len(lat))))].Microseconds()) / 1000
	}
	s := summary{Requests: n.Load(), Status: status, Non200: bad.Load(), Non2xx: bad2xx.Load(), Errors: errsN.Load(), ErrorText: errTxt,
		Seconds: secs, RPS: float64(n.Load()) / secs, P50ms: pct(0.5), P99ms: pct(0.99), MaxMs: pct(1)}
	json.NewEncoder(os.Stdout).Encode(s)
}

func readTargets(file string) []target {
	var out []target
	if file == "" {
		return []target{{"GET", "/", ""}}
	}
	f, err := os.Open(file)
	if err != nil {
		fail("%v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		m, rest, _ := strings.Cut(line, " ")
		p, body, _ := strings.Cut(rest, " ")
		out = append(out, target{m, p, body})
	}
	if len(out) == 0 {
		fail("no targets in %s", file)
	}
	return out
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "loadgen: "+format+"\n", args...)
	os.Exit(2)
}
