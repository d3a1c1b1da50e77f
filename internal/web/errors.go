package web

import (
	"database/sql/driver"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"syscall"

	"forecourt/internal/errs"
	"forecourt/internal/httpkit"
)

// handle wraps h: a returned error is logged (internal ones with their
// cause) and written as JSON with the status of its code.
func (s *Server) handle(h httpkit.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		err := h(w, r)
		if err == nil {
			return
		}
		s.writeError(w, r, err)
	}
}

func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	if errs.CodeOf(err) == errs.Internal && storeUnreachable(err) {
		// The database is restarting or unreachable: a clear 503 the client
		// may retry, not a 500.
		w.Header().Set("Retry-After", "5")
		err = &errs.Error{Code: errs.Unavailable, Message: "The service is briefly unavailable; please try again in a moment.", Err: err}
	}
	s.writeErrorStatus(w, r, httpkit.StatusOf(errs.CodeOf(err)), err)
}

// storeUnreachable reports whether err comes from a lost or refused
// connection (network errors, a bad pooled connection, PostgreSQL's
// connection-exception and operator-intervention SQLSTATE classes 08 and
// 57P).
func storeUnreachable(err error) bool {
	var ne net.Error
	if errors.As(err, &ne) || errors.Is(err, driver.ErrBadConn) || errors.Is(err, syscall.ECONNREFUSED) ||
		errors.Is(err, syscall.ECONNRESET) || errors.Is(err, io.ErrUnexpectedEOF) {
		return true
	}
	var st interface{ SQLState() string }
	if errors.As(err, &st) {
		c := st.SQLState()
		return strings.HasPrefix(c, "08") || strings.HasPrefix(c, "57P")
	}
	return false
}

// writeErrorStatus writes err with a status other than its code's (414).
func (s *Server) writeErrorStatus(w http.ResponseWriter, r *http.Request, status int, err error) {
	code := errs.CodeOf(err)
	log := s.log.With("request_id", requestID(r.Context()), "method", r.Method, "path", r.URL.Path)
	if status >= 500 {
		log.Error("request failed", "err", err)
	} else {
		log.Info("request rejected", "code", code, "err", err)
	}
	body := httpkit.ErrorBodyOf(err)
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(body)
}
