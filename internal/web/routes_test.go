package web_test

import (
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	contentfiles "forecourt/content"
	"forecourt/internal/content"
	"forecourt/internal/httpkit"
	"forecourt/internal/page"
	"forecourt/internal/site"
	"forecourt/internal/web"
)

// A feature that mounts a route the server or another feature already has
// is refused when the handler is built at start (the mux panics naming
// both registrations), instead of one of them silently answering.
func TestRouteRefusesDuplicatePattern(t *testing.T) {
	sites, err := site.New(site.All(), "group-se")
	if err != nil {
		t.Fatal(err)
	}
	src, err := content.LoadFiles(contentfiles.FS)
	if err != nil {
		t.Fatal(err)
	}
	// A front-end build of one entry and no files: the test builds only
	// the mux, and compressing the real assets would take seconds.
	dist := t.TempDir()
	if err := errors.Join(os.MkdirAll(filepath.Join(dist, ".vite"), 0o755), os.MkdirAll(filepath.Join(dist, "assets"), 0o755)); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dist, ".vite", "manifest.json"), []byte(`{"src/main.tsx":{"file":"assets/main.js","isEntry":true}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	ok := func(w http.ResponseWriter, r *http.Request) error { return nil }
	for name, routes := range map[string][]httpkit.Route{
		"the server's own route": {{Pattern: "GET /healthz", Name: "mine", Handler: ok}},
		"another feature's route": {
			{Pattern: "POST /api/thing", Name: "thing", Handler: ok},
			{Pattern: "POST /api/thing", Name: "thing-again", Handler: ok},
		},
	} {
		t.Run(name, func(t *testing.T) {
			s, err := web.New(web.Config{}, web.Deps{Sites: sites, Pages: &page.Assembler{Content: src},
				AssetsDir: dist, Routes: routes})
			if err != nil {
				t.Fatal(err)
			}
			defer func() {
				msg := fmt.Sprint(recover())
				if !strings.Contains(msg, "conflicts with pattern") {
					t.Errorf("second registration of one pattern: panic %q, want a conflict naming both", msg)
				}
			}()
			s.Handler()
		})
	}
}
