package catalogpages_test

import (
	"context"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"forecourt/internal/catalogpages"
	"forecourt/internal/errs"
	"forecourt/internal/page"
	"forecourt/internal/site"
)

func TestParseFavouriteIDs(t *testing.T) {
	many := make([]string, 0, 130)
	want100 := make([]int64, 0, 100)
	for i := 1; i <= 130; i++ {
		many = append(many, strconv.Itoa(i))
		if i <= 100 {
			want100 = append(want100, int64(i))
		}
	}
	tests := []struct {
		name      string
		in        string
		ids       []int64
		rejected  int
		truncated bool
	}{
		{"empty", "", nil, 0, false},
		{"ids in order, spaces and repeats dropped", "103, 101,103,,102", []int64{103, 101, 102}, 0, false},
		{"bad parts are counted and ignored", "101,abc,-5,0,1e3,9999999999999999,<script>,102", []int64{101, 102}, 6, false},
		{"at most 100", strings.Join(many, ","), want100, 0, true},
		{"the parts read are bounded", strings.Repeat("x,", 1000) + "101", nil, 1001, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ids, rejected, truncated := catalogpages.ParseFavouriteIDs(tt.in)
			if d := cmp.Diff(tt.ids, ids); d != "" || rejected != tt.rejected || truncated != tt.truncated {
				t.Errorf("ids (-want +got):\n%s\nrejected %d truncated %v; want %d %v", d, rejected, truncated, tt.rejected, tt.truncated)
			}
		})
	}
}

// TestFavouritesPage: the favourites path has its own page (not a brand of
// the car list), a share link's cars come in the link's order with sold
// ones missing, bad ids are counted, and the page is not indexed.
func TestFavouritesPage(t *testing.T) {
	p := MustPages(t, MustEngine(t))
	for _, tt := range []struct {
		site, lang, target string
		shared             []int64
		cars               []int64
		rejected           int
		crumbs             []string
	}{
		{"group-se", "sv", "/bilar/favoriter", nil, nil, 0, []string{"Hem", "Bilar", "Favoriter"}},
		{"group-se", "sv", "/bilar/favoriter?ids=104,999,101,bad", []int64{104, 999, 101}, []int64{104, 101}, 1, nil},
		{"group-se", "en", "/bilar/favoriter?ids=", []int64{}, nil, 0, []string{"Home", "Cars", "Favourites"}},
	} {
		t.Run(tt.target, func(t *testing.T) {
			res := assemble(t, p, tt.site, tt.lang, tt.target)
			if res.Status != 200 || res.Head.Robots != "noindex" {
				t.Fatalf("status %d, robots %q", res.Status, res.Head.Robots)
			}
			d := dataOf[*catalogpages.FavouritesData](t, res)
			var cars []int64
			for _, c := range d.SharedCars {
				cars = append(cars, c.CarID)
			}
			if diff := cmp.Diff(tt.shared, d.Shared); diff != "" || !cmp.Equal(tt.cars, cars) || d.Rejected != tt.rejected || d.Max != 100 || d.Index != "vehicles_group_se" {
				t.Errorf("shared (-want +got):\n%s\ncars %v rejected %d max %d index %s", diff, cars, d.Rejected, d.Max, d.Index)
			}
			if tt.crumbs != nil {
				bc := dataOf[*catalogpages.BreadcrumbData](t, res)
				var titles []string
				for _, c := range bc.Items {
					titles = append(titles, c.Title)
				}
				if diff := cmp.Diff(tt.crumbs, titles); diff != "" {
					t.Errorf("breadcrumb (-want +got):\n%s", diff)
				}
			}
		})
	}
}

// TestEverySiteHasItsFavouritesPage: each site's pathToFavourites is served
// by its own favourites item, never taken for a brand of the car list.
func TestEverySiteHasItsFavouritesPage(t *testing.T) {
	p := MustPages(t, MustEngine(t))
	for _, s := range site.All() {
		for _, lang := range s.Languages {
			dict, err := p.Content.Dictionary(context.Background(), s.Name, lang)
			if errs.Is(err, errs.NotFound) {
				continue // a language the site's demo content does not have
			} else if err != nil {
				t.Fatal(err)
			}
			path := dict["pathToFavourites"]
			if path == "" {
				t.Errorf("%s/%s: no pathToFavourites", s.Name, lang)
				continue
			}
			t.Run(s.Name+path, func(t *testing.T) {
				u, _ := url.Parse(path)
				req := &page.Request{Site: MustSite(t, s.Name), Lang: lang, Path: u.Path, BaseURL: "https://forecourt.test"}
				if pre := req.LangPrefix(); pre != "" {
					req.Path = strings.TrimPrefix(req.Path, pre)
				}
				a := &page.Assembler{Content: p.Content}
				a.Rewrite("favourites", p.FavouritesRewriter)
				a.Rewrite("car-list", p.CarListRewriter)
				a.Register("Favourites", p.Favourites)
				res, err := a.Page(context.Background(), req)
				if err != nil {
					t.Fatal(err)
				}
				if res.Status != 200 || res.Data.Sitecore.Route.TemplateName != "FavouritesPage" {
					t.Errorf("status %d, template %s", res.Status, res.Data.Sitecore.Route.TemplateName)
				}
			})
		}
	}
}
