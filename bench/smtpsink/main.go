// Command smtpsink is a loopback SMTP server for the fault scripts: it
// accepts every message and keeps a count of the messages and of each
// "Reference:" line (a lead's formSubmissionId), so a script can tell how
// many mails arrived and whether any arrived twice. It writes the counts to
// -status as JSON every 200 ms and on exit.
//
//	go run ./bench/smtpsink -addr 127.0.0.1:2525 -status /tmp/sink.json
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"net"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"
)

type counts struct {
	Messages   int `json:"messages"`
	Distinct   int `json:"distinct_references"`
	Duplicates int `json:"duplicates"`
	refs       map[string]int
}

func main() {
	addr := flag.String("addr", "127.0.0.1:2525", "listen address (loopback)")
	status := flag.String("status", "", "file the counts are written to")
	flag.Parse()
	if h, _, _ := net.SplitHostPort(*addr); h != "127.0.0.1" && h != "localhost" {
		fmt.Fprintln(os.Stderr, "smtpsink: loopback only")
		os.Exit(2)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "smtpsink:", err)
		os.Exit(1)
	}
	var mu sync.Mutex
	c := counts{refs: map[string]int{}}
	write := func() {
		if *status == "" {
			return
		}
		mu.Lock()
		b, _ := json.Marshal(c)
		mu.Unlock()
		os.WriteFile(*status+".tmp", b, 0o644)
		os.Rename(*status+".tmp", *status)
	}
	go func() {
		for range time.Tick(200 * time.Millisecond) {
			write()
		}
	}()
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-sig
		ln.Close()
		write()
		os.Exit(0)
	}()
	for {
		conn, err := ln.Accept()
		if err != nil {
			return
		}
		go serve(conn, func(data string) {
			mu.Lock()
			defer mu.Unlock()
			c.Messages++
			for _, line := range strings.Split(data, "\r\n") {
				if ref, ok := strings.CutPrefix(line, "Reference: "); ok {
					c.refs[ref]++
					if c.refs[ref] == 1 {
						c.Distinct++
					} else {
						c.Duplicates++
					}
					break
				}
			}
		})
	}
}

func serve(conn net.Conn, got func(string)) {
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(2 * time.Minute))
	r := bufio.NewReader(conn)
	say := func(s string) { fmt.Fprintf(conn, "%s\r\n", s) }
	say("220 smtpsink ready")
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		cmd := strings.ToUpper(strings.TrimSpace(line))
		switch {
		case strings.HasPrefix(cmd, "EHLO"), strings.HasPrefix(cmd, "HELO"):
			say("250 smtpsink")
		case strings.HasPrefix(cmd, "MAIL"), strings.HasPrefix(cmd, "RCPT"), strings.HasPrefix(cmd, "RSET"), strings.HasPrefix(cmd, "NOOP"):
			say("250 ok")
		case cmd == "DATA":
			say("354 go on")
			var b strings.Builder
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if l == ".\r\n" || l == ".\n" {
					break
				}
				b.WriteString(strings.TrimPrefix(l, "."))
			}
			got(strings.ReplaceAll(b.String(), "\r\n", "\r\n"))
			say("250 queued")
		case cmd == "QUIT":
			say("221 bye")
			return
		default:
			say("502 not implemented")
		}
	}
}
