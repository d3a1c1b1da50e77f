package main

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	contentfiles "forecourt/content"
	"forecourt/internal/content"
	"forecourt/internal/page"
	"forecourt/internal/web"
)

// fakeClientBuild writes the smallest front-end build the server accepts
// into dist (a manifest naming one entry script), for server tests that
// need no real client.
func fakeClientBuild(t *testing.T, dist string) {
	t.Helper()
	for _, f := range []struct{ name, body string }{
		{".vite/manifest.json", `{"src/app/entry-client.tsx":{"file":"assets/entry.js","isEntry":true}}`},
		{"assets/entry.js", `console.log(1)`},
	} {
		p := filepath.Join(dist, f.name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(f.body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// testDeps are the web server's dependencies over a's store, sites and log,
// with the demo content and a fake client build: what the wiring tests
// hand to the wire functions of the feature they drive.
func testDeps(t *testing.T, a *app) web.Deps {
	t.Helper()
	src, err := content.LoadFiles(contentfiles.FS)
	if err != nil {
		t.Fatal(err)
	}
	dist := t.TempDir()
	fakeClientBuild(t, dist)
	return web.Deps{Sites: a.sites, Pages: &page.Assembler{Content: src}, Store: a.db, AssetsDir: dist, Logger: a.log,
		Health: map[string]func(context.Context) string{}}
}
