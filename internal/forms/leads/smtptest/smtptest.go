// Package smtptest is a minimal SMTP server on loopback for tests and the
// fault scripts' mail sink (bench/smtpsink): it accepts every message and
// keeps it (no TLS, no authentication).
package smtptest

import (
	"bufio"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"time"
)

// Mail is a received message.
type Mail struct {
	From string
	To   []string
	Data string // headers and body, dot-unstuffed, CRLF line ends
}

// Server is a running test SMTP server.
type Server struct {
	Addr string
	ln   net.Listener
	mu   sync.Mutex
	mail []Mail
	wg   sync.WaitGroup
	// onMail, when set, is called with each message as it arrives.
	onMail func(Mail)
	// keep is false for a sink that only counts (Listen with keep false).
	keep bool
}

// Start listens on addr ("127.0.0.1:0" for any port) and serves until the
// test ends.
func Start(tb testing.TB, addr string) *Server {
	tb.Helper()
	s, err := Listen(addr, nil, true)
	if err != nil {
		tb.Fatalf("smtptest: %v", err)
	}
	tb.Cleanup(s.Close)
	return s
}

// Listen serves SMTP on addr until Close, calling onMail (if not nil) for
// each message; keep says whether Messages holds them too (a long-running
// sink only counts).
func Listen(addr string, onMail func(Mail), keep bool) (*Server, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("listen %s: %w", addr, err)
	}
	s := &Server{Addr: ln.Addr().String(), ln: ln, onMail: onMail, keep: keep}
	s.wg.Add(1)
	go s.serve()
	return s, nil
}

// FreeAddr returns a loopback address nothing listens on (yet).
func FreeAddr(tb testing.TB) string {
	tb.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

// Close stops the server.
func (s *Server) Close() {
	s.ln.Close()
	s.wg.Wait()
}

// Messages returns the mail received so far.
func (s *Server) Messages() []Mail {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Mail(nil), s.mail...)
}

// Wait waits up to d for at least n messages and returns what arrived.
func (s *Server) Wait(n int, d time.Duration) []Mail {
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		if m := s.Messages(); len(m) >= n {
			return m
		}
		time.Sleep(10 * time.Millisecond)
	}
	return s.Messages()
}

func (s *Server) serve() {
	defer s.wg.Done()
	for {
		c, err := s.ln.Accept()
		if err != nil {
			return
		}
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			s.session(c)
		}()
	}
}

func (s *Server) session(c net.Conn) {
	defer c.Close()
	c.SetDeadline(time.Now().Add(30 * time.Second))
	r := bufio.NewReader(c)
	w := bufio.NewWriter(c)
	say := func(line string) { w.WriteString(line + "\r\n"); w.Flush() }
	say("220 smtptest ready")
	var cur Mail
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		cmd := strings.TrimRight(line, "\r\n")
		up := strings.ToUpper(cmd)
		switch {
		case strings.HasPrefix(up, "EHLO"), strings.HasPrefix(up, "HELO"):
			say("250 smtptest")
		case strings.HasPrefix(up, "MAIL FROM:"):
			cur = Mail{From: strings.Trim(cmd[10:], " <>")}
			say("250 OK")
		case strings.HasPrefix(up, "RCPT TO:"):
			cur.To = append(cur.To, strings.Trim(cmd[8:], " <>"))
			say("250 OK")
		case up == "DATA":
			say("354 end with <CRLF>.<CRLF>")
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
			cur.Data = b.String()
			if s.keep {
				s.mu.Lock()
				s.mail = append(s.mail, cur)
				s.mu.Unlock()
			}
			if s.onMail != nil {
				s.onMail(cur)
			}
			say("250 OK queued")
		case up == "RSET", up == "NOOP":
			say("250 OK")
		case up == "QUIT":
			say("221 bye")
			return
		default:
			say("502 not implemented")
		}
	}
}
