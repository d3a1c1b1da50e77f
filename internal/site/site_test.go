package site

import (
	"strings"
	"testing"

	_ "time/tzdata"

	"forecourt/internal/errs"
)

func TestRegistry(t *testing.T) {
	r, err := New(All(), "group-se")
	if err != nil {
		t.Fatal(err)
	}
	if got := len(r.All()); got != 12 {
		t.Fatalf("sites = %d, want 12", got)
	}
	tests := []struct {
		host     string
		want     string
		redirect bool
	}{
		{"forecourt.se", "group-se", false},
		{"www.forecourt.se:8080", "group-se", true},
		{"group-uk.localhost:8080", "group-uk", false},
		{"FORECOURT.CO.UK", "group-uk", false},
		{"127.0.0.1:8080", "group-se", false},
		{"unknown.example", "group-se", false},
	}
	for _, tt := range tests {
		t.Run(tt.host, func(t *testing.T) {
			s, redirect := r.ForHost(tt.host)
			if s.Name != tt.want || redirect != tt.redirect {
				t.Fatalf("ForHost(%q) = %s,%v want %s,%v", tt.host, s.Name, redirect, tt.want, tt.redirect)
			}
		})
	}
	s, _ := r.ByName("group-se")
	if s.VehiclesIndex() != "vehicles_group_se" || s.SitesIndex() != "sites_group_se" {
		t.Fatalf("index names %s %s", s.VehiclesIndex(), s.SitesIndex())
	}
	if c, _ := r.ByIndex("vehicles_carstore_no"); c == nil || !c.IsCarStore() {
		t.Fatalf("ByIndex carstore")
	}
}

func TestUnknownSiteNameIsNamed(t *testing.T) {
	_, err := New(All(), "group-xx")
	if !errs.Is(err, errs.Invalid) || !strings.Contains(err.Error(), `"group-xx"`) {
		t.Fatalf("err = %v", err)
	}
}

func TestBrandIcons(t *testing.T) {
	r, err := New(All(), "group-se")
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"group-se": "se", "group-no": "no", "group-fi": "fi", "group-sk": "sk",
		"group-eu": "eu", "carstore-no": "no", "dealer-se": "se", "group-uk": "", "group-dk": ""} {
		s, err := r.ByName(name)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Icon(); got != want {
			t.Errorf("%s: icon %q, want %q", name, got, want)
		}
	}
	auction := &Site{Country: "SE", Settings: Settings{Icon: "auction"}}
	if got := auction.Icon(); got != "auction" {
		t.Errorf("auction setting: icon %q", got)
	}
	if got := (&Site{Country: "SE", Settings: Settings{Icon: "nope"}}).Icon(); got != "se" {
		t.Errorf("unknown setting falls back to the country: %q", got)
	}
	for _, n := range IconNames {
		svg, ok := IconSVG(n)
		if !ok || !strings.HasPrefix(string(svg), "<svg") || !strings.HasSuffix(string(svg), "</svg>") {
			t.Errorf("icon %s: %v %q", n, ok, svg)
		}
	}
	if _, ok := IconSVG("../x"); ok {
		t.Error("unknown icon name served")
	}
}
