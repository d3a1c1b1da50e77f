package web

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"forecourt/internal/httpguard"
	"net/http"
	"runtime/debug"
	"strconv"
	"strings"
	"time"
)

type ctxKey int

const (
	keyRequestID ctxKey = iota
	keyNonce
	keyRoute
)

func requestID(ctx context.Context) string { s, _ := ctx.Value(keyRequestID).(string); return s }

// nonceOf returns the CSP nonce of the response being written.
func nonceOf(ctx context.Context) string { s, _ := ctx.Value(keyNonce).(string); return s }

// routeLabel is filled by handlers so metrics and logs name the route, not
// the raw path (which would explode label cardinality).
type routeLabel struct{ name string }

func setRoute(r *http.Request, name string) {
	if l, ok := r.Context().Value(keyRoute).(*routeLabel); ok {
		l.name = name
	}
}

// statusWriter records the status and size of a response.
type statusWriter struct {
	http.ResponseWriter
	status int
	size   int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.size += n
	return n, err
}

func (w *statusWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// observe is the outermost middleware: request id, recovery, the access
// log and the latency metric.
func (s *Server) observe(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := r.Header.Get("X-Request-Id")
		if id == "" || len(id) > 64 {
			var b [8]byte
			rand.Read(b[:])
			id = hex.EncodeToString(b[:])
		}
		label := &routeLabel{name: "other"}
		ctx := context.WithValue(r.Context(), keyRequestID, id)
		ctx = context.WithValue(ctx, keyRoute, label)
		r = r.WithContext(ctx)
		sw := &statusWriter{ResponseWriter: w}
		sw.Header().Set("X-Request-Id", id)
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				s.log.Error("panic", "request_id", id, "path", r.URL.Path, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
				if sw.status == 0 {
					http.Error(sw, "internal error", http.StatusInternalServerError)
				}
			}
			d := time.Since(start)
			s.metrics.requests.WithLabelValues(label.name, methodLabel(r.Method), strconv.Itoa(sw.status)).Observe(d.Seconds())
			if s.cfg.AccessLog {
				s.log.Info("request", "request_id", id, "method", r.Method, "host", r.Host, "path", r.URL.Path,
					"route", label.name, "status", sw.status, "bytes", sw.size, "duration_ms", float64(d.Microseconds())/1000)
			}
		}()
		next.ServeHTTP(sw, r)
	})
}

// secure sets the security headers of every response and the per-response
// CSP nonce that inline and module scripts (the tag manager too) carry.
func (s *Server) secure(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b [18]byte
		rand.Read(b[:])
		nonce := base64.RawURLEncoding.EncodeToString(b[:]) // no characters that HTML escaping would change
		h := w.Header()
		h.Set("Content-Security-Policy", s.csp(nonce))
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Permissions-Policy", "camera=(), microphone=(), payment=(), geolocation=(self)")
		if httpguard.Secure(r) {
			h.Set("Strict-Transport-Security", "max-age=63072000; includeSubDomains")
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), keyNonce, nonce)))
	})
}

// csp is the Content-Security-Policy of a response that is not a page:
// its scripts are allowed by nonce, and it may not be framed.
func (s *Server) csp(nonce string) string {
	return s.noncePolicy[0] + nonce + s.noncePolicy[1] // made once (New)
}

// cspWith builds the Content-Security-Policy whose scripts are allowed by
// sources (a nonce, or the hashes of a page's inline scripts). Editing mode
// may be framed by the configured editing host; everything else may not be
// framed at all.
func (s *Server) cspWith(sources string, editing bool) string {
	frame := "'none'"
	if editing {
		frame = "'self'"
		if s.cfg.EditingHost != "" {
			frame += " " + s.cfg.EditingHost
		}
	}
	return strings.Join([]string{
		"default-src 'self'",
		"script-src 'self' " + sources + " 'strict-dynamic' https://www.googletagmanager.com",
		"style-src 'self' 'unsafe-inline'",
		"img-src 'self' data: blob: https:",
		"font-src 'self' data:",
		strings.Join(append([]string{"connect-src 'self' https://*.google-analytics.com https://*.googletagmanager.com"}, s.deps.ConnectSrc...), " "),
		"worker-src 'self' blob:",
		"media-src 'self' blob: https:",
		"frame-src 'self' https://www.youtube-nocookie.com https://www.youtube.com https://www.googletagmanager.com",
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors " + frame,
	}, "; ")
}
