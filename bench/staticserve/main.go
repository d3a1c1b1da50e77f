// Command staticserve is the static limit of the page benchmarks: it
// serves one document from memory, gzip or identity as asked, with the
// headers the server sent with it (-headers, as curl -D writes them), so a
// run can compare the server's cached pages with what Go's HTTP server
// alone takes to send the same bytes on the same machine.
//
//	go run ./bench/staticserve -addr 127.0.0.1:0 -gz doc.gz -plain doc.html -headers doc.headers
package main

import (
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "listen address (loopback)")
	gzPath := flag.String("gz", "", "the document, gzip-compressed")
	plainPath := flag.String("plain", "", "the document")
	headersPath := flag.String("headers", "", "the response's headers (curl -D); empty: a page's usual few")
	flag.Parse()
	extra := http.Header{}
	if *headersPath != "" {
		b, err := os.ReadFile(*headersPath)
		if err != nil {
			log.Fatal(err)
		}
		for _, line := range strings.Split(string(b), "\n") {
			name, value, ok := strings.Cut(strings.TrimRight(line, "\r"), ":")
			if !ok || strings.HasPrefix(name, "HTTP/") {
				continue
			}
			switch http.CanonicalHeaderKey(name) {
			case "Date", "Content-Length", "Content-Encoding", "Connection", "Transfer-Encoding", "Keep-Alive":
				continue // the server's own, per response
			}
			extra.Add(name, strings.TrimSpace(value))
		}
	}
	gz, err := os.ReadFile(*gzPath)
	if err != nil {
		log.Fatal(err)
	}
	plain, err := os.ReadFile(*plainPath)
	if err != nil {
		log.Fatal(err)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(ln.Addr().String())
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		if len(extra) > 0 {
			for k, v := range extra {
				hd[k] = v
			}
		} else {
			hd.Set("Content-Type", "text/html; charset=utf-8")
			hd.Set("Cache-Control", "public, max-age=0, s-maxage=60, stale-while-revalidate=300")
			hd.Add("Vary", "Cookie")
			hd.Add("Vary", "Accept-Encoding")
		}
		b := plain
		if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			hd.Set("Content-Encoding", "gzip")
			b = gz
		}
		hd.Set("Content-Length", strconv.Itoa(len(b)))
		w.Write(b)
	})
	log.Fatal(http.Serve(ln, h))
}
