package web

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// assets serves the hashed front-end build from memory, compressed once at
// start, with immutable caching.
type assets struct {
	files map[string]*asset // by URL path, e.g. "/assets/entry-client-abc.js"
	// Entry script and stylesheets of the client entry, for the document.
	EntryJS  string
	CSS      []string
	Preloads []string
	// StaffJS is the staff app's entry (web/src/staff/main.tsx, a build of
	// its own with its own manifest, so the visitors' bundle and its
	// chunks are as they would be without it); empty in a build without it.
	StaffJS string
}

type asset struct {
	body, gz, br []byte
	ctype, etag  string
}

type manifestEntry struct {
	File    string   `json:"file"`
	CSS     []string `json:"css"`
	Imports []string `json:"imports"`
	IsEntry bool     `json:"isEntry"`
}

// loadAssets reads dist (web/dist/client): its manifest and every file under assets/.
func loadAssets(dist string) (*assets, error) {
	raw, err := os.ReadFile(filepath.Join(dist, ".vite", "manifest.json"))
	if err != nil {
		return nil, fmt.Errorf("front-end build missing (%w); run `make build`", err)
	}
	var man map[string]manifestEntry
	if err := json.Unmarshal(raw, &man); err != nil {
		return nil, fmt.Errorf("front-end manifest: %w", err)
	}
	a := &assets{files: map[string]*asset{}}
	for _, e := range man {
		if !e.IsEntry {
			continue
		}
		a.EntryJS = "/" + e.File
		for _, c := range e.CSS {
			a.CSS = append(a.CSS, "/"+c)
		}
		for _, imp := range e.Imports {
			if m, ok := man[imp]; ok {
				a.Preloads = append(a.Preloads, "/"+m.File)
			}
		}
	}
	if a.EntryJS == "" {
		return nil, fmt.Errorf("front-end manifest has no entry")
	}
	if raw, err := os.ReadFile(filepath.Join(dist, ".vite", "staff-manifest.json")); err == nil {
		var sm map[string]manifestEntry
		if err := json.Unmarshal(raw, &sm); err != nil {
			return nil, fmt.Errorf("staff app manifest: %w", err)
		}
		if e, ok := sm["src/staff/main.tsx"]; ok && e.IsEntry {
			a.StaffJS = "/" + e.File
		}
	}
	// Without CSS code splitting the one stylesheet is an entry of its own
	// ("style.css"): every page links it.
	if s, ok := man["style.css"]; ok && len(a.CSS) == 0 {
		a.CSS = append(a.CSS, "/"+s.File)
	}
	err = filepath.WalkDir(filepath.Join(dist, "assets"), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		body, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dist, p)
		sum := sha256.Sum256(body)
		f := &asset{body: body, ctype: mime.TypeByExtension(path.Ext(p)), etag: `"` + hex.EncodeToString(sum[:8]) + `"`}
		if f.ctype == "" {
			f.ctype = "application/octet-stream"
		}
		if compressible(f.ctype) && len(body) >= minCompress {
			f.gz = compress("gzip", body, 0)
			f.br = compress("br", body, 11)
		}
		a.files["/"+filepath.ToSlash(rel)] = f
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read front-end assets: %w", err)
	}
	return a, nil
}

func compressible(ctype string) bool {
	return strings.HasPrefix(ctype, "text/") || strings.Contains(ctype, "javascript") || strings.Contains(ctype, "json") || strings.Contains(ctype, "svg")
}

// serveAsset serves "GET /assets/{file}".
func (a *assets) serve(w http.ResponseWriter, r *http.Request) {
	f, ok := a.files[r.URL.Path]
	if !ok {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Type", f.ctype)
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("ETag", f.etag)
	h.Set("Vary", "Accept-Encoding")
	if match := r.Header.Get("If-None-Match"); match != "" && strings.Contains(match, f.etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	body := f.body
	switch encodingFor(r) {
	case "br":
		if f.br != nil {
			body = f.br
			h.Set("Content-Encoding", "br")
		}
	case "gzip":
		if f.gz != nil {
			body = f.gz
			h.Set("Content-Encoding", "gzip")
		}
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}
