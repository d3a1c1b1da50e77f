// Package archtest guards the package layers that docs/architecture.md
// ("Go packages") describes. It parses the import specs of every Go file
// under internal/ and cmd/ and fails on a forbidden edge:
//
//   - a foundation (store, errs, site, …) imports only foundations, so
//     store never imports a domain;
//   - page assembly (page, render) imports no feature package, the front
//     door or cmd;
//   - only cmd (and the demo itself) imports the demo data (internal/demo/...);
//   - no package outside the front door (internal/web/...) and cmd imports
//     the front door: features serve their APIs with the toolkit
//     (internal/httpkit) and the request facts (internal/httpguard).
//
// Every package under internal/ must be placed in a layer below, so a new
// package is classified (and the table in docs/architecture.md updated)
// before the rules can miss it.
//
// _test.go files are not checked: the rules are about the code that ships.
// External tests (package x_test) are integration tests that assemble the
// front door around a feature to exercise it end to end (alerts, cardetail,
// formsapi, … serve real pages through internal/web), which is the test's
// job and not a dependency of the feature. Test helper packages that are
// not _test.go files (storetest, webtest, smtptest, linktokentest) ship as
// importable code and are checked like their parent package.
package archtest

import (
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

type layer int

const (
	foundation layer = iota
	domain
	assembly
	feature
	demo
	frontDoor
	mainPkg
)

func (l layer) String() string {
	return [...]string{"foundation", "domain", "page assembly", "feature", "demo", "front door", "main"}[l]
}

// layers places each package directory (relative to internal/) in its layer;
// sub-packages take the layer of their longest listed prefix
// (store/storetest is store's, booking/bookingsms is booking's). Mirrors the
// table in docs/architecture.md, "Go packages".
var layers = map[string]layer{
	"errs": foundation, "site": foundation, "store": foundation, "ratelimit": foundation,
	"linktoken": foundation, "jobs": foundation, "mail": foundation,
	"phone": foundation, "httpguard": foundation, "httpkit": foundation, "staff": foundation,

	"catalog": domain, "search": domain, "finance": domain, "booking": domain,
	"forms": domain, "forms/leads": domain, "forms/builder": domain, "alerts": domain, "reminders": domain,
	"vehicles": domain, "places": domain, "gdpr": domain, "editing": domain,
	"content": domain, "stories": domain, "personalize": domain, "media": domain,
	"staff/accounts": domain, "salesleads": domain, "testdrive": domain,

	"page": assembly, "render": assembly,

	"catalogpages": feature, "cardetail": feature,
	"forms/formsapi": feature, "booking/bookingapi": feature, "staff/staffapi": feature,
	// tirehotel is a domain that also serves its own Routes(); it counts as a
	// feature here, the stricter side: page assembly must not import it.
	"tirehotel": feature, "workshop": feature,

	// The demo data (stock, drawn pictures, tyre-hotel agreements): made by
	// `forecourt seed` and drawn by the server for demo paths, wired in by
	// cmd only, never imported by what production runs.
	"demo": demo,

	"web": frontDoor,
}

// edge is one import of one file.
type edge struct {
	file string // relative to the repository root
	from string // importing package, relative to internal/ ("cmd/forecourt" for cmd)
	to   string // imported package, relative to internal/
}

func TestImportBoundaries(t *testing.T) {
	root, module := repoRoot(t)
	edges, pkgs := parseImports(t, root, module)
	if len(pkgs) < 20 {
		t.Fatalf("found only %d packages under internal/ and cmd/ in %s; is the walk broken?", len(pkgs), root)
	}

	for _, p := range pkgs {
		if _, ok := layerOf(p); !ok {
			t.Errorf("package internal/%s is in no layer: add it to layers in internal/archtest/imports_test.go and to the table in docs/architecture.md", p)
		}
	}

	for _, e := range edges {
		from, okFrom := layerOf(e.from)
		to, okTo := layerOf(e.to)
		if !okFrom || !okTo {
			continue // reported above as an unplaced package
		}
		switch {
		case from == foundation && to != foundation:
			t.Errorf("%s: foundation %s imports %s %s; foundations (store, errs, site, …) import only foundations", e.file, pkgPath(e.from), to, pkgPath(e.to))
		case from == assembly && to >= feature:
			t.Errorf("%s: page assembly %s imports %s %s; page and render import only foundations and domains", e.file, pkgPath(e.from), to, pkgPath(e.to))
		case to == demo && from != demo && from != mainPkg:
			t.Errorf("%s: %s %s imports the demo data %s; only cmd wires the demo in (production code must not depend on it)", e.file, from, pkgPath(e.from), pkgPath(e.to))
		case to == frontDoor && from < frontDoor:
			t.Errorf("%s: %s %s imports the front door %s; only internal/web and cmd may (put what is shared into a lower package)", e.file, from, pkgPath(e.from), pkgPath(e.to))
		}
	}
}

// layerOf returns the layer of a package path relative to internal/, or of
// "cmd/..." for the binaries.
func layerOf(pkg string) (layer, bool) {
	if pkgPath(pkg) == pkg {
		return mainPkg, true
	}
	for p := pkg; ; {
		if l, ok := layers[p]; ok {
			return l, true
		}
		i := strings.LastIndexByte(p, '/')
		if i < 0 {
			return 0, false
		}
		p = p[:i]
	}
}

// pkgPath names a package as the repository does: internal/x or cmd/x.
func pkgPath(pkg string) string {
	if pkg == "cmd" || strings.HasPrefix(pkg, "cmd/") {
		return pkg
	}
	return "internal/" + pkg
}

// repoRoot finds the directory holding go.mod above the test's directory
// and returns it with the module path.
func repoRoot(t *testing.T) (string, string) {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil {
			for _, line := range strings.Split(string(b), "\n") {
				if f := strings.Fields(line); len(f) == 2 && f[0] == "module" {
					return dir, f[1]
				}
			}
			t.Fatalf("%s/go.mod has no module line", dir)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = parent
	}
}

// parseImports reads the import specs of every non-test Go file under
// internal/ and cmd/ and returns the edges to the module's internal
// packages, and every package directory that has such files.
func parseImports(t *testing.T, root, module string) ([]edge, []string) {
	t.Helper()
	internalPrefix := module + "/internal/"
	fset := token.NewFileSet()
	var edges []edge
	pkgSet := map[string]bool{}
	for _, top := range []string{"internal", "cmd"} {
		err := filepath.WalkDir(filepath.Join(root, top), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			name := d.Name()
			if d.IsDir() {
				// The go tool ignores these directories too.
				if name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
				return nil
			}
			rel, _ := filepath.Rel(root, path)
			rel = filepath.ToSlash(rel)
			from := filepath.ToSlash(filepath.Dir(rel))
			if top == "internal" {
				from = strings.TrimPrefix(from, "internal/")
				pkgSet[from] = true
			}
			f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
			if err != nil {
				return fmt.Errorf("parsing imports: %w", err)
			}
			for _, spec := range f.Imports {
				imp, err := strconv.Unquote(spec.Path.Value)
				if err != nil {
					return fmt.Errorf("%s: import %s: %w", rel, spec.Path.Value, err)
				}
				if to, ok := strings.CutPrefix(imp, internalPrefix); ok {
					edges = append(edges, edge{file: rel, from: from, to: to})
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	pkgs := make([]string, 0, len(pkgSet))
	for p := range pkgSet {
		pkgs = append(pkgs, p)
	}
	sort.Strings(pkgs)
	return edges, pkgs
}
