package web

import (
	"bytes"
	"html/template"
	"net/http"

	"forecourt/internal/errs"
)

// mountStaff serves the staff app's document on every /staff/ path: the
// client-rendered staff app (web/src/staff) routes inside it. The API it
// calls is /api/staff/ (internal/staff/staffapi).
func (s *Server) mountStaff(route func(pattern, name string, h http.Handler)) {
	route("GET /staff", "staff", http.RedirectHandler("/staff/", http.StatusSeeOther))
	route("GET /staff/", "staff", s.handle(s.handleStaffApp))
}

var staffTmpl = template.Must(template.New("staff").Parse(`<!doctype html>
<html lang="{{.Lang}}" data-site="{{.Site}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>{{.Title}}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<script type="module" nonce="{{.Nonce}}" src="{{.Entry}}"></script>
</head>
<body class="staff-body">
<div id="staff-root"><noscript>{{.NoScript}}</noscript></div>
</body>
</html>
`))

// staffLang is the staff app's language on a site: Swedish on Swedish
// sites, English everywhere else (the staff member may switch).
func staffLang(defaultLang string) string {
	if defaultLang == "sv" {
		return "sv"
	}
	return "en"
}

// handleStaffApp serves "GET /staff/": the staff app's document, never
// indexed or cached. It links none of the site's stylesheets: the staff
// app brings its own styles (web/src/staff/shell/staff.css), so the
// visitors' stylesheet carries nothing of it.
func (s *Server) handleStaffApp(w http.ResponseWriter, r *http.Request) error {
	if s.assets.StaffJS == "" {
		return errs.E(errs.Unavailable, "The staff app is not built; run `make build`.")
	}
	st := siteOf(r.Context())
	lang, name := "en", ""
	if st != nil {
		lang, name = staffLang(st.DefaultLanguage()), st.Name
	}
	title, noscript := "Staff | Forecourt", "The staff pages need JavaScript."
	if lang == "sv" {
		title, noscript = "Personal | Forecourt", "Personalsidorna behöver JavaScript."
	}
	var buf bytes.Buffer
	if err := staffTmpl.Execute(&buf, map[string]any{"Lang": lang, "Site": name, "Title": title, "NoScript": noscript,
		"Entry": s.assets.StaffJS, "Nonce": nonceOf(r.Context())}); err != nil {
		return errs.Wrap(err, "write staff document")
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Robots-Tag", "noindex, nofollow")
	w.WriteHeader(http.StatusOK)
	w.Write(buf.Bytes())
	return nil
}
