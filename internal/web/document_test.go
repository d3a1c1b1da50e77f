package web

import (
	"bytes"
	"strings"
	"testing"
)

// A server-rendered document loads its script after the first paint (no
// preload before it); a client-side fallback document preloads and runs it
// at once. Both keep presses made before hydration.
func TestDocumentLoadsItsScriptAfterTheFirstPaint(t *testing.T) {
	for _, tc := range []struct {
		name     string
		fallback bool
		preloads []string
	}{
		{"rendered", false, []string{"/assets/react-1.js", "/assets/page-context-2.js"}},
		{"rendered, no shared chunks", false, nil},
		{"fallback", true, []string{"/assets/react-1.js"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			if _, err := writeDocument(&buf, documentData{
				Lang: "sv-SE", EntryJS: "/assets/entry-client-abc.js", Preloads: tc.preloads,
				Body: []byte(`<main><button>Spara</button></main>`), Fallback: tc.fallback,
				Dict: []byte(`{}`), PageJSON: []byte(`{}`),
			}); err != nil {
				t.Fatal(err)
			}
			doc := buf.String()
			if !strings.Contains(doc, `window.__fcEarly={q:[],ready:0}`) {
				t.Error("the head does not keep early presses")
			}
			preloads := strings.Count(doc, `<link rel="modulepreload"`)
			// The fallback's script adds the entry at once; no script
			// element of the document loads it by itself (parser-inserted
			// scripts would need a nonce under 'strict-dynamic').
			runsAtOnce := strings.Contains(doc, `<script>(e=>{const s=document.createElement("script");s.type="module";s.src=e;`) &&
				strings.Contains(doc, `})("/assets/entry-client-abc.js")</script>`)
			if strings.Contains(doc, "nonce") || strings.Contains(doc, `<script type="module"`) {
				t.Errorf("the document carries a nonce or a module script element:\n%s", doc)
			}
			if tc.fallback {
				if preloads != 1+len(tc.preloads) || !runsAtOnce {
					t.Errorf("fallback: %d preloads, runs at once %v:\n%s", preloads, runsAtOnce, doc)
				}
				return
			}
			if preloads != 0 || runsAtOnce {
				t.Errorf("rendered: %d preloads, runs at once %v:\n%s", preloads, runsAtOnce, doc)
			}
			tail := doc[strings.LastIndex(doc, `<script>`):]
			for _, want := range []string{"requestAnimationFrame(", `s.type="module";s.src=e`, `for(const h of p||[])`, `"/assets/entry-client-abc.js"`, `querySelectorAll("input[data-hash-check]")`} {
				if !strings.Contains(tail, want) {
					t.Errorf("the loading script lacks %s:\n%s", want, tail)
				}
			}
			for _, p := range tc.preloads {
				if !strings.Contains(tail, `"`+p+`"`) {
					t.Errorf("the loading script does not preload %s", p)
				}
			}
		})
	}
}
