package web

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"testing/fstest"
)

// FuzzSafeNext: whatever next a sign-in carries, the editor lands on a
// path of this origin.
func FuzzSafeNext(f *testing.F) {
	for _, s := range []string{"/\t/evil.example", "//evil.example", "/\\evil", "/om-oss?mode=edit", "https://evil.example", "/%2F/x", "/a#b", "/\u0085x", "/?mode=edit"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, next string) {
		got := safeNext(next)
		if !SafeLocalTarget(got) {
			t.Fatalf("safeNext(%q) = %q leaves the origin", next, got)
		}
		u, err := url.Parse(got)
		if err != nil || u.Host != "" || u.Scheme != "" {
			t.Fatalf("safeNext(%q) = %q parses to another origin", next, got)
		}
	})
}

// FuzzRedirectRules: a rule's target never leaves the site, whatever path
// and query are asked for.
func FuzzRedirectRules(f *testing.F) {
	fsys := fstest.MapFS{"group-se/redirects.yaml": {Data: []byte(`
- from: /begagnade-bilar/:id
  to: /bilar/:id
- from: /elbilar
  to: /bilar?car_fuel=El
- from: /m/:brand/:model
  to: /bilar/:brand/:model?src=m
`)}}
	rd, err := LoadRedirects(fsys)
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range [][2]string{{"/begagnade-bilar/123", ""}, {"/elbilar", "a=1&car_fuel=Diesel"}, {"/m/%2F%2Fevil/x", ""}, {"/begagnade-bilar/..", "x=%0d%0a"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, path, rawQuery string) {
		q, _ := url.ParseQuery(rawQuery)
		if to := rd.Match("group-se", path, q); to != "" && !SafeLocalTarget(to) {
			t.Fatalf("Match(%q, %q) = %q leaves the site", path, rawQuery, to)
		}
	})
}

// FuzzPageRedirects: the trailing-slash redirect and every redirect of the
// page handler stay on the site (probe: "/%2Fevil.example/phish/").
func FuzzPageRedirects(f *testing.F) {
	e := mustHardServer(f, Config{}, "anna:%s", nil, nil)
	for _, s := range []string{"/%2Fevil.example/phish/", "/om-oss/", "/%5C%5Cevil/", "/a//b/", "/%09/evil/", "/bilar/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, target string) {
		if !strings.HasPrefix(target, "/") || strings.ContainsAny(target, " \t\r\n#") {
			return
		}
		if _, err := url.ParseRequestURI(target); err != nil {
			return
		}
		req := httptest.NewRequest("GET", target, nil)
		rec := httptest.NewRecorder()
		e.h.ServeHTTP(rec, req)
		if loc := rec.Header().Get("Location"); rec.Code >= 300 && rec.Code < 400 && loc != "" {
			if strings.HasPrefix(loc, "//") || strings.HasPrefix(loc, "/\\") || strings.Contains(loc, "://") && !strings.HasPrefix(loc, "https://forecourt.se") {
				t.Fatalf("GET %s → %d Location %q", target, rec.Code, loc)
			}
		}
		if rec.Code == http.StatusInternalServerError {
			t.Fatalf("GET %s → 500", target)
		}
	})
}

// FuzzValidPath: a path that validPath accepts has no traversal.
func FuzzValidPath(f *testing.F) {
	for _, s := range []string{"/om-oss", "/../etc/passwd", "/a/./b", "/a//b", "/\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		if !validPath(p) {
			return
		}
		for _, seg := range strings.Split(p, "/") {
			if seg == ".." || seg == "." {
				t.Fatalf("validPath(%q) accepted traversal", p)
			}
		}
		if strings.Contains(p, "//") || strings.ContainsRune(p, 0) {
			t.Fatalf("validPath(%q) accepted", p)
		}
	})
}
