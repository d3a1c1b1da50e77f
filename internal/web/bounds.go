package web

import (
	"net/http"
	"strings"

	"forecourt/internal/errs"
)

// Bounds of a request's URL: longer URLs answer 414, more query values 400.
// The pages need a few dozen values at most (filters of the car list).
const (
	MaxURLBytes       = 8 << 10
	MaxQueryValues    = 200 // all parameters together
	MaxValuesPerParam = 50  // values of one parameter (one filter)
)

// bounds rejects URLs that would make a page do unbounded work: a clear 414
// for a long URL, a 400 naming the parameter for too many values.
func (s *Server) bounds(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if len(r.RequestURI) > MaxURLBytes || len(r.URL.RawQuery)+len(r.URL.Path) > MaxURLBytes {
			setRoute(r, "rejected")
			s.writeErrorStatus(w, r, http.StatusRequestURITooLong,
				errs.E(errs.Invalid, "The address is too long (at most %d bytes).", MaxURLBytes))
			return
		}
		if err := checkQueryBounds(r); err != nil {
			setRoute(r, "rejected")
			s.writeError(w, r, err)
			return
		}
		next.ServeHTTP(w, r)
	})
}

func checkQueryBounds(r *http.Request) error {
	if r.URL.RawQuery == "" {
		return nil
	}
	if n := strings.Count(r.URL.RawQuery, "&") + 1; n > MaxQueryValues {
		return errs.E(errs.Invalid, "The address has too many parameters (at most %d).", MaxQueryValues)
	}
	for k, vs := range r.URL.Query() {
		if len(vs) > MaxValuesPerParam {
			return errs.E(errs.Invalid, "Too many values for %q (at most %d).", truncate(k, 40), MaxValuesPerParam)
		}
	}
	return nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
