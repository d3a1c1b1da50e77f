package web

import (
	"bytes"
	"html/template"
	"strings"

	gojson "github.com/goccy/go-json"

	"forecourt/internal/page"
)

// documentData feeds the HTML document template.
type documentData struct {
	Lang     string
	Head     page.Head
	JSONLD   []template.JS
	Nonce    string
	CSS      []string
	EntryJS  string
	Preloads []string
	Body     []byte // the app root's HTML
	Fallback bool
	PageJSON []byte // script-safe JSON (safeJSON)
}

// The document is written by Go so the head is right even when the body
// falls back to client-side rendering. The one inline script marks a first
// visit (no consent cookie) before the first paint, so the cookie banner in
// the server HTML shows with it instead of after hydration, while the
// document stays the same for every visitor (it is cached per page).
var documentTmpl = template.Must(template.New("doc").Parse(`<!doctype html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Head.Title}}</title>
{{with .Head.Description}}<meta name="description" content="{{.}}">
{{end}}{{with .Head.Robots}}<meta name="robots" content="{{.}}">
{{end}}<meta property="og:title" content="{{.Head.OGTitle}}">
<meta property="og:site_name" content="{{.Head.OGSiteName}}">
<meta property="og:type" content="{{.Head.OGType}}">
{{with .Head.OGDescription}}<meta property="og:description" content="{{.}}">
{{end}}{{with .Head.OGImage}}<meta property="og:image" content="{{.}}">
{{end}}{{with .Head.Canonical}}<link rel="canonical" href="{{.}}">
<meta property="og:url" content="{{.}}">
{{end}}{{range .Head.Alternates}}<link rel="alternate" hreflang="{{.Lang}}" href="{{.Href}}">
{{end}}<link rel="icon" href="{{.Head.Favicon}}">
{{range .CSS}}<link rel="stylesheet" href="{{.}}">
{{end}}<script nonce="{{.Nonce}}">/(?:^|; )consent=/.test(document.cookie)||document.documentElement.classList.add("fc-consent-unset")</script>
<link rel="modulepreload" href="{{.EntryJS}}">
{{range .Preloads}}<link rel="modulepreload" href="{{.}}">
{{end}}{{range .JSONLD}}<script type="application/ld+json" nonce="{{$.Nonce}}">{{.}}</script>
{{end}}{{with .Head.GTMID}}<script nonce="{{$.Nonce}}">(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i+dl;var n=d.querySelector('[nonce]');n&&j.setAttribute('nonce',n.nonce||n.getAttribute('nonce'));f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer','{{.}}');</script>
{{end}}</head>
<body>
<div id="root"{{if .Fallback}} data-fallback{{end}}>`))

// The body and the page data (100–300 KB together) are written as they
// are, not through the template: it would copy them twice more (into
// strings, then through fmt), and they are already HTML and script-safe
// JSON (what template.HTML and template.JS put in place unchanged).
var (
	documentMiddle = []byte(`</div>
<script id="__PAGE_DATA__" type="application/json" nonce="`)
	documentTail = template.Must(template.New("tail").Parse(`</script>
<script type="module" src="{{.EntryJS}}" nonce="{{.Nonce}}"></script>
</body>
</html>
`))
)

// safeJSON marshals v for embedding inside a <script> element: <, > and &
// are escaped (json.Marshal does this), and so are U+2028/U+2029.
func safeJSON(v any) ([]byte, error) {
	// go-json writes the same bytes as encoding/json (sorted map keys, <>&
	// escaped) at a fraction of the cost; page data is encoded on every
	// request and was a third of a page's CPU.
	b, err := gojson.Marshal(v)
	if err != nil {
		return nil, err
	}
	// bytes.ReplaceAll copies even when nothing matches: look first (the
	// page data of a car list is 100 KB and more).
	if bytes.Contains(b, []byte("\u2028")) {
		b = bytes.ReplaceAll(b, []byte("\u2028"), []byte(`\u2028`))
	}
	if bytes.Contains(b, []byte("\u2029")) {
		b = bytes.ReplaceAll(b, []byte("\u2029"), []byte(`\u2029`))
	}
	return b, nil
}

func jsonLD(items []any) []template.JS {
	out := make([]template.JS, 0, len(items))
	for _, it := range items {
		b, err := safeJSON(it)
		if err != nil {
			continue
		}
		out = append(out, template.JS(b))
	}
	return out
}

func writeDocument(buf *bytes.Buffer, d documentData) error {
	if err := documentTmpl.Execute(buf, d); err != nil {
		return err
	}
	buf.Write(d.Body)
	buf.Write(documentMiddle)
	template.HTMLEscape(buf, []byte(d.Nonce))
	buf.WriteString(`">`)
	buf.Write(d.PageJSON)
	return documentTail.Execute(buf, d)
}

var _ = strings.TrimSpace
