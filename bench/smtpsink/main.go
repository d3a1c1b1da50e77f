// Command smtpsink is a loopback SMTP server for the fault scripts: it
// accepts every message and keeps a count of the messages and of each
// "Reference:" line (a lead's formSubmissionId), so a script can tell how
// many mails arrived and whether any arrived twice. It writes the counts to
// -status as JSON every 200 ms and on exit.
//
//	go run ./bench/smtpsink -addr 127.0.0.1:2525 -status /tmp/sink.json
package main

import (
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

	"forecourt/internal/forms/leads/smtptest"
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
	var mu sync.Mutex
	c := counts{refs: map[string]int{}}
	srv, err := smtptest.Listen(*addr, func(m smtptest.Mail) {
		mu.Lock()
		defer mu.Unlock()
		c.Messages++
		for _, line := range strings.Split(m.Data, "\r\n") {
			ref, ok := strings.CutPrefix(line, "Reference: ")
			if !ok {
				ref, ok = strings.CutPrefix(line, "Referens: ") // a Swedish site's lead mail
			}
			if ok {
				c.refs[ref]++
				if c.refs[ref] == 1 {
					c.Distinct++
				} else {
					c.Duplicates++
				}
				break
			}
		}
	}, false)
	if err != nil {
		fmt.Fprintln(os.Stderr, "smtpsink:", err)
		os.Exit(1)
	}
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
	<-sig
	srv.Close()
	write()
}
