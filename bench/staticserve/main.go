// Command staticserve is the static limit of the page benchmarks: it
// serves one document from memory, gzip or identity as asked, with
// headers like a page's, so a run can compare the server's cached pages
// with what Go's HTTP server alone sends on the same machine.
//
//	go run ./bench/staticserve -addr 127.0.0.1:0 -gz doc.gz -plain doc.html
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
	flag.Parse()
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
		hd.Set("Content-Type", "text/html; charset=utf-8")
		hd.Set("Cache-Control", "public, max-age=0, s-maxage=60, stale-while-revalidate=300")
		hd.Add("Vary", "Cookie")
		hd.Add("Vary", "Accept-Encoding")
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
