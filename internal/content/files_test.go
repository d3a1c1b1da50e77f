package content_test

import (
	"context"
	"testing"

	contentfiles "forecourt/content"
	"forecourt/internal/content"
	"forecourt/internal/errs"
)

func mustFiles(tb testing.TB) *content.FileSource {
	tb.Helper()
	src, err := content.LoadFiles(contentfiles.FS)
	if err != nil {
		tb.Fatalf("load demo content: %v", err)
	}
	return src
}

func TestDemoContentLoads(t *testing.T) {
	src := mustFiles(t)
	ctx := context.Background()
	for _, site := range []string{"group-se", "group-uk", "group-dk", "group-no", "group-fi", "group-sk", "group-eu", "carstore-se", "carstore-no", "carstore-fi", "carstore-sk", "dealer-se"} {
		langs := src.Languages(site)
		if len(langs) == 0 {
			t.Fatalf("%s: no languages", site)
		}
		for _, lang := range langs {
			r, err := src.Route(ctx, site, lang, "/")
			if err != nil {
				t.Fatalf("%s %s home: %v", site, lang, err)
			}
			main := r.Placeholders["headless-main"]
			if len(main) == 0 || main[0].ComponentName != "HeroBanner" {
				t.Errorf("%s %s: home must open with a HeroBanner", site, lang)
			}
			if _, err := src.Dictionary(ctx, site, lang); err != nil {
				t.Errorf("%s %s dictionary: %v", site, lang, err)
			}
		}
	}
}

func TestRouteLanguageAndFields(t *testing.T) {
	src := mustFiles(t)
	ctx := context.Background()
	r, err := src.Route(ctx, "group-se", "en", "/om-oss/historia")
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Fields.String("navTitle"); got != "Our history" {
		t.Errorf("en navTitle = %q", got)
	}
	sv, _ := src.Route(ctx, "group-se", "sv", "/OM-OSS/historia")
	if got := sv.Fields.String("navTitle"); got != "Vår historia" {
		t.Errorf("sv navTitle = %q", got)
	}
	if len(r.Placeholders["headless-header"]) == 0 || len(r.Placeholders["headless-footer"]) == 0 {
		t.Errorf("site header and footer missing")
	}
	if _, err := src.Route(ctx, "group-se", "sv", "/finns-inte"); !errs.Is(err, errs.NotFound) {
		t.Errorf("missing page: err = %v", err)
	}
	if _, err := src.Route(ctx, "nope", "sv", "/"); !errs.Is(err, errs.NotFound) {
		t.Errorf("missing site: err = %v", err)
	}
}

func TestNavigationThreeLevels(t *testing.T) {
	src := mustFiles(t)
	nav, err := src.Navigation(context.Background(), "group-se", "sv", "/")
	if err != nil {
		t.Fatal(err)
	}
	var deepest int
	var hidden int
	var walk func([]content.NavItem, int)
	walk = func(items []content.NavItem, d int) {
		for _, it := range items {
			if d > deepest {
				deepest = d
			}
			if it.HideInNavigation {
				hidden++
			}
			walk(it.Children, d+1)
		}
	}
	walk(nav, 1)
	if deepest != 3 {
		t.Errorf("navigation depth = %d, want 3", deepest)
	}
	if hidden == 0 {
		t.Errorf("want some hidden items in the demo navigation")
	}
}
