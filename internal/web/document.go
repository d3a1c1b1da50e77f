package web

import (
	"bytes"
	"encoding/binary"
	"html/template"
	"strings"

	"github.com/cespare/xxhash/v2"
	gojson "github.com/goccy/go-json"

	"forecourt/internal/content"
	"forecourt/internal/page"
)

// documentData feeds the HTML document template.
type documentData struct {
	Lang     string
	Head     page.Head
	JSONLD   []template.JS
	CSS      []string
	EntryJS  string
	Preloads []string
	Body     []byte // the app root's HTML
	Fallback bool
	Dict     []byte // the dictionary's script-safe JSON
	PageJSON []byte // script-safe JSON (safeJSON) without the dictionary
}

// The document is written by Go so the head is right even when the body
// falls back to client-side rendering. The inline script of the head marks
// a first visit (no consent cookie) before the first paint, so the cookie
// banner in the server HTML shows with it instead of after hydration, while
// the document stays the same for every visitor (it is cached per page).
// It also keeps presses on buttons, check boxes and radio buttons made
// before hydration, which the app presses again once hydrated
// (web/src/lib/early-clicks.ts); a press that went through to the server
// HTML would do nothing, submit a form the browser's way, or tick a filter
// box that the list then does not apply. If the script fails to load,
// presses go through again.
//
// The inline script at the end of a server-rendered body first ticks each
// box marked data-hash-check="x" when the address ends in #x (the car
// page's test-drive link): the server cannot know the hash, and the app,
// which starts from the same state and keeps the box as it is when it
// hydrates, comes late on a slow phone.
//
// A server-rendered document loads its script after its first paint (the
// inline script at the end of the body): the server HTML is the page, and
// its picture should not share a slow phone's bandwidth and CPU with 80 KB
// of script that only makes it interactive. Preloading the script from the
// head put it before the largest paint: Lighthouse's LCP on a car page was
// 2.6–2.8 s with it and 1.6–2.0 s without, the car list's 2.1–2.4 s and
// 1.4–1.6 s (docs/performance.md). A client-side fallback document has
// nothing to paint before its script runs, so it preloads and runs it at once.
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
{{end}}<script>/(?:^|; )consent=/.test(document.cookie)||document.documentElement.classList.add("fc-consent-unset");(()=>{const x=window.__fcEarly={q:[],ready:0};addEventListener("click",e=>{const t=!x.ready&&e.target instanceof Element&&e.target.closest("button,summary,[role=button],input[type=submit],input[type=checkbox],input[type=radio]");if(!t)return;e.preventDefault();e.stopPropagation();x.q.includes(t)||x.q.length>=5||x.q.push(t)},true)})()</script>
{{if .Fallback}}<link rel="modulepreload" href="{{.EntryJS}}">
{{range .Preloads}}<link rel="modulepreload" href="{{.}}">
{{end}}{{end}}{{range .JSONLD}}<script type="application/ld+json">{{.}}</script>
{{end}}{{with .Head.GTMID}}<script>(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer','{{.}}');</script>
{{end}}</head>
<body>
<div id="root"{{if .Fallback}} data-fallback{{end}}>`))

// The body and the page data (100–300 KB together) are written as they
// are, not through the template: it would copy them twice more (into
// strings, then through fmt), and they are already HTML and script-safe
// JSON (what template.HTML and template.JS put in place unchanged).
// The dictionary has a script element of its own, before the page data:
// it is the same in every page of a site and language, so a document's
// compressed form takes it compressed once (sharedPart) and the browser
// puts it back into the page data (entry-client.tsx).
var (
	documentDict = []byte(`</div>
<script id="__DICT__" type="application/json">`)
	documentMiddle = []byte(`</script>
<script id="__PAGE_DATA__" type="application/json">`)
	documentTail = template.Must(template.New("tail").Parse(`</script>
{{if .Fallback}}<script>(e=>{const s=document.createElement("script");s.type="module";s.src=e;s.onerror=()=>{window.__fcEarly.ready=1};document.head.append(s)})({{.EntryJS}})</script>
{{else}}<script>for(const b of document.querySelectorAll("input[data-hash-check]"))"#"+b.dataset.hashCheck===location.hash&&(b.checked=!0);((e,p)=>{let go=()=>{go=()=>{};for(const h of p||[]){const l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.append(l)}const s=document.createElement("script");s.type="module";s.src=e;s.onerror=()=>{window.__fcEarly.ready=1};document.head.append(s)};requestAnimationFrame(()=>setTimeout(()=>go()));setTimeout(()=>go(),300)})({{.EntryJS}},{{.Preloads}})</script>
{{end}}</body>
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

// docLayout says where the parts of a written document lie: the head
// (the template's output up to the root), the dictionary's JSON, and the
// tail after the page data. The inline scripts of the head and the tail
// are the document's own; the body between them is the app's HTML, whose
// scripts (if content ever carried one) must not be allowed by hash.
type docLayout struct {
	headEnd, dictStart, dictEnd, tailStart int
}

// writeDocument writes the document into buf and returns its layout.
func writeDocument(buf *bytes.Buffer, d documentData) (l docLayout, err error) {
	if err := documentTmpl.Execute(buf, d); err != nil {
		return l, err
	}
	l.headEnd = buf.Len()
	buf.Write(d.Body)
	buf.Write(documentDict)
	l.dictStart = buf.Len()
	buf.Write(d.Dict)
	l.dictEnd = buf.Len()
	buf.Write(documentMiddle)
	buf.Write(d.PageJSON)
	l.tailStart = buf.Len()
	return l, documentTail.Execute(buf, d)
}

// docPageData is page data as documents and render workers take it: the
// dictionary apart (the same in every page of a site and language), so
// that it is encoded, compressed and parsed once rather than per page.
type docPageData struct {
	*page.Data
	Dictionary *struct{} `json:"dictionary,omitempty"` // hides Data's: sent apart
}

// encodedPage is a page's data encoded for its document and the render
// workers.
type encodedPage struct {
	dict    []byte // the dictionary's JSON
	dictKey uint64 // its hash
	page    []byte // the rest of the page data's JSON
	hash    uint64 // names both: the render cache's key
}

func encodePage(d *page.Data) (encodedPage, error) {
	dict := d.Dictionary
	if dict == nil {
		dict = content.Dictionary{}
	}
	dictJSON, err := dict.MarshalJSON() // encoding/json's: <, >, &, U+2028/9 escaped
	if err != nil {
		return encodedPage{}, err
	}
	pageJSON, err := safeJSON(docPageData{Data: d})
	if err != nil {
		return encodedPage{}, err
	}
	e := encodedPage{dict: dictJSON, dictKey: xxhash.Sum64(dictJSON), page: pageJSON}
	h := xxhash.New()
	h.Write(pageJSON)
	var k [8]byte
	binary.LittleEndian.PutUint64(k[:], e.dictKey)
	h.Write(k[:])
	e.hash = h.Sum64()
	return e, nil
}

var _ = strings.TrimSpace
