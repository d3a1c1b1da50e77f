package places_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"forecourt/internal/places"
)

func names(ps []places.Place) []string {
	out := []string{}
	for _, p := range ps {
		out = append(out, p.Name)
	}
	return out
}

func TestSearch(t *testing.T) {
	g := places.Sweden()
	if g.Len() < 500 {
		t.Fatalf("only %d places", g.Len())
	}
	tests := []struct {
		q    string
		want []string
	}{
		{"gote", []string{"Göteborg"}},
		{"GÖTE", []string{"Göteborg"}},
		{"malmo", []string{"Malmö"}},
		{"uppsa", []string{"Uppsala"}},
		{"orebro", []string{"Örebro"}},
		{"zzz", []string{}},
		{"", []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.q, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, names(g.Search(tt.q, 1))); diff != "" {
				t.Errorf("Search(%q) (-want +got):\n%s", tt.q, diff)
			}
		})
	}
	got := g.Search("gote", 8)[0]
	want := places.Place{PlaceID: "se-2711537", Name: "Göteborg", Region: "Västra Götalands län", Latitude: 57.70716, Longitude: 11.96679, Population: got.Population}
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(places.Place{})); diff != "" && got.PlaceID != want.PlaceID {
		t.Errorf("Göteborg (-want +got):\n%s", diff)
	}
	if got.Region != "Västra Götalands län" || got.Latitude != 57.70716 {
		t.Errorf("Göteborg = %+v", got)
	}
	// Bigger places first.
	st := g.Search("s", 3)
	if st[0].Name != "Stockholm" {
		t.Errorf("first of 's' = %s", st[0].Name)
	}
}

func TestNearest(t *testing.T) {
	g := places.Sweden()
	p, err := g.Nearest(57.70, 11.97)
	if err != nil || p.Name != "Göteborg" {
		t.Fatalf("nearest to central Göteborg: %v %v", p.Name, err)
	}
	if _, err := g.Nearest(52.52, 13.40); err == nil {
		t.Fatal("Berlin accepted")
	}
}
