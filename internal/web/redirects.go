package web

import (
	"fmt"
	"io/fs"
	"net/http"
	"net/url"
	"strings"

	"gopkg.in/yaml.v3"

	"forecourt/internal/errs"
	"forecourt/internal/httpguard"
)

// Redirects are the site-specific permanent redirects, read from
// <site>/redirects.yaml in the content folder:
//
//   - from: /begagnade-bilar/:id
//     to: /bilar/:id
//   - from: /elbilar
//     to: /bilar?car_fuel=El
//
// ":name" segments capture one path segment and may be used in "to". The
// request's own query is kept and merged with the target's.
type Redirects struct {
	bySite map[string][]redirectRule
	// values maps a query parameter's old values onto today's (the old
	// site's "?sort=price_asc" is the car list's car_price_asc); see MapQuery.
	values map[string]func(string) (string, bool)
}

// MapQuery makes every redirect rewrite the values of the request's query
// parameter name through f. A value f does not know stays as it was, so
// the target page can say it does not know it (never dropped silently).
// Call it before serving.
func (rd *Redirects) MapQuery(name string, f func(string) (string, bool)) {
	if rd.values == nil {
		rd.values = map[string]func(string) (string, bool){}
	}
	rd.values[name] = f
}

type redirectRule struct {
	From string `yaml:"from"`
	To   string `yaml:"to"`
	segs []string
}

// LoadRedirects reads every site folder's redirects.yaml; a rule whose
// target uses a parameter its source lacks is an error naming file and rule.
func LoadRedirects(fsys fs.FS) (*Redirects, error) {
	rd := &Redirects{bySite: map[string][]redirectRule{}}
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		name := e.Name() + "/redirects.yaml"
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			continue
		}
		var rules []redirectRule
		if err := yaml.Unmarshal(b, &rules); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		for i := range rules {
			r := &rules[i]
			if !strings.HasPrefix(r.From, "/") || r.To == "" {
				return nil, fmt.Errorf("%s: rule %d: from must start with / and to must be set", name, i+1)
			}
			r.segs = strings.Split(strings.Trim(r.From, "/"), "/")
			for _, seg := range strings.Split(strings.SplitN(r.To, "?", 2)[0], "/") {
				if strings.HasPrefix(seg, ":") && !containsStr(r.segs, seg) {
					return nil, fmt.Errorf("%s: rule %d: %s is not captured by %s", name, i+1, seg, r.From)
				}
			}
		}
		rd.bySite[e.Name()] = rules
	}
	return rd, nil
}

func containsStr(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Match returns the target of the first rule matching path and query, or "".
func (rd *Redirects) Match(siteName, path string, query url.Values) string {
	if rd == nil {
		return ""
	}
	segs := strings.Split(strings.Trim(path, "/"), "/")
	for _, r := range rd.bySite[siteName] {
		if len(r.segs) != len(segs) {
			continue
		}
		params := map[string]string{}
		ok := true
		for i, s := range r.segs {
			if strings.HasPrefix(s, ":") {
				if segs[i] == "" {
					ok = false
					break
				}
				params[s] = segs[i]
			} else if !strings.EqualFold(s, segs[i]) {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		target := r.To
		for k, v := range params {
			target = strings.ReplaceAll(target, k, url.PathEscape(v))
		}
		if len(query) > 0 {
			tp, tq, _ := strings.Cut(target, "?")
			merged, _ := url.ParseQuery(tq)
			for k, vs := range query {
				if _, set := merged[k]; set {
					continue
				}
				if f := rd.values[k]; f != nil {
					mapped := make([]string, len(vs))
					for i, v := range vs {
						mapped[i] = v
						if m, ok := f(v); ok {
							mapped[i] = m
						}
					}
					vs = mapped
				}
				merged[k] = vs
			}
			target = tp + "?" + merged.Encode()
		}
		return target
	}
	return ""
}

// redirects answers configured redirects with 301 before anything else.
func (s *Server) redirects(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet || r.Method == http.MethodHead {
			if st := httpguard.SiteOf(r); st != nil {
				if to := s.redir.Match(st.Name, r.URL.Path, r.URL.Query()); to != "" {
					setRoute(r, "redirect")
					if strings.HasPrefix(to, "https://") || strings.HasPrefix(to, "http://") {
						http.Redirect(w, r, to, http.StatusMovedPermanently)
					} else if err := localRedirect(w, r, to, http.StatusMovedPermanently); err != nil {
						s.writeError(w, r, err)
					}
					return
				}
			}
		}
		next.ServeHTTP(w, r)
	})
}

// SafeLocalTarget reports whether target is a path of this origin that a
// browser cannot read as another host: it starts with one "/", not "//" or
// "/\", and has no control characters or backslashes.
func SafeLocalTarget(target string) bool {
	if !strings.HasPrefix(target, "/") || strings.HasPrefix(target, "//") {
		return false
	}
	return !unsafeURLText(target)
}

// localRedirect answers a redirect to a path of this origin; a target that
// could leave the origin (scheme-relative, backslashes, control characters)
// is not followed: the answer is 404.
func localRedirect(w http.ResponseWriter, r *http.Request, target string, status int) error {
	if !SafeLocalTarget(target) {
		return errs.E(errs.NotFound, "Not found.")
	}
	h := w.Header()
	h.Set("Location", target)
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		h.Set("Content-Type", "text/html; charset=utf-8")
	}
	w.WriteHeader(status)
	return nil
}
