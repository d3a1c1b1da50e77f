// Package places is a gazetteer of Swedish localities (GeoNames data, see
// places_se.tsv and tools/places/gen-places.mjs) with accent- and
// case-folded prefix search and nearest-place lookup. It needs no outside
// service.
package places

import (
	_ "embed"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"

	"forecourt/internal/errs"
)

//go:embed places_se.tsv
var placesTSV string

// Place is a locality.
type Place struct {
	PlaceID    string  `json:"placeId"` // "se-<geonameid>"
	Name       string  `json:"name"`
	Region     string  `json:"region"` // the county, e.g. "Västra Götalands län"
	Latitude   float64 `json:"latitude"`
	Longitude  float64 `json:"longitude"`
	Population int     `json:"-"`
	key        string
}

// Gazetteer holds the places, biggest first.
type Gazetteer struct {
	places []Place
}

// Sweden's bounding box (with a margin for the coast and islands).
const (
	MinLat, MaxLat = 55.0, 69.2
	MinLng, MaxLng = 10.5, 24.3
)

// Sweden returns the gazetteer of Swedish localities.
func Sweden() *Gazetteer {
	g, err := parse(placesTSV)
	if err != nil {
		panic(err) // the embedded file is generated and tested
	}
	return g
}

func parse(tsv string) (*Gazetteer, error) {
	g := &Gazetteer{}
	for i, line := range strings.Split(tsv, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 6 {
			return nil, fmt.Errorf("places line %d: %d fields", i+1, len(f))
		}
		lat, err1 := strconv.ParseFloat(f[3], 64)
		lng, err2 := strconv.ParseFloat(f[4], 64)
		pop, err3 := strconv.Atoi(f[5])
		if err1 != nil || err2 != nil || err3 != nil {
			return nil, fmt.Errorf("places line %d: bad number", i+1)
		}
		g.places = append(g.places, Place{PlaceID: "se-" + f[0], Name: f[1], Region: f[2], Latitude: lat, Longitude: lng, Population: pop, key: Fold(f[1])})
	}
	sort.SliceStable(g.places, func(i, j int) bool { return g.places[i].Population > g.places[j].Population })
	return g, nil
}

// Len is the number of places.
func (g *Gazetteer) Len() int { return len(g.places) }

var folder = transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)

// Fold lowers s and strips its accents ("Göteborg" → "goteborg").
func Fold(s string) string {
	out, _, err := transform.String(folder, strings.ToLower(strings.TrimSpace(s)))
	if err != nil {
		return strings.ToLower(s)
	}
	return out
}

// Search returns up to limit places whose name, or a word of it, starts
// with q (folded), bigger places first.
func (g *Gazetteer) Search(q string, limit int) []Place {
	k := Fold(q)
	out := []Place{}
	if k == "" {
		return out
	}
	for _, p := range g.places {
		if strings.HasPrefix(p.key, k) || strings.Contains(p.key, " "+k) || strings.Contains(p.key, "-"+k) {
			out = append(out, p)
			if len(out) == limit {
				break
			}
		}
	}
	return out
}

// InSweden reports whether the point is inside Sweden's box.
func InSweden(lat, lng float64) bool {
	return lat >= MinLat && lat <= MaxLat && lng >= MinLng && lng <= MaxLng
}

// Nearest returns the locality nearest to the point; errs.Invalid outside
// Sweden's box.
func (g *Gazetteer) Nearest(lat, lng float64) (Place, error) {
	if !InSweden(lat, lng) {
		return Place{}, errs.E(errs.Invalid, "the position is outside Sweden")
	}
	best, bestD := -1, math.MaxFloat64
	cos := math.Cos(lat * math.Pi / 180)
	for i, p := range g.places {
		dy, dx := p.Latitude-lat, (p.Longitude-lng)*cos
		if d := dx*dx + dy*dy; d < bestD {
			best, bestD = i, d
		}
	}
	return g.places[best], nil
}
