package bookingapi

// The car and its offerings: /api/mechmate/car, authorized-workshop,
// services, addons and prices.

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"forecourt/internal/booking"
	"forecourt/internal/httpguard"
	"forecourt/internal/vehicles"
)

// lookup parses and looks up a plate.
func (a *API) lookup(ctx context.Context, raw string) (vehicles.Vehicle, error) {
	reg, err := vehicles.ParseReg(raw)
	if err != nil {
		return vehicles.Vehicle{}, err
	}
	return a.Vehicles.Lookup(ctx, reg)
}

// authorised reports whether a workshop of the site is authorised for brand.
func (a *API) authorised(r *http.Request, brand string) bool {
	for _, w := range a.workshops(r) {
		if w.HasBrand(brand) {
			return true
		}
	}
	return false
}

type carAnswer struct {
	IsSupported bool             `json:"isSupported"`
	Brand       string           `json:"brand"`
	Car         vehicles.Vehicle `json:"car"`
}

// handleCar serves "GET /api/mechmate/car/{reg}".
func (a *API) handleCar(w http.ResponseWriter, r *http.Request) error {
	// The register is personal data and a paid service: no bulk look-ups.
	if err := a.allow(r, "booking:car:ip:"+httpguard.ClientAddr(r), 120, 10*time.Minute); err != nil {
		return err
	}
	v, err := a.lookup(r.Context(), r.PathValue("reg"))
	if err != nil {
		return err
	}
	return writeJSON(w, carAnswer{IsSupported: vehicles.IsSupported(v.Brand), Brand: v.Brand, Car: v})
}

// handleAuthorized serves "GET /api/mechmate/authorized-workshop/{brand}"
// (spaces in the brand written as dashes).
func (a *API) handleAuthorized(w http.ResponseWriter, r *http.Request) error {
	brand := r.PathValue("brand")
	if brand == "" || utf8.RuneCountInString(brand) > 40 {
		return errInvalid("brand", "ogiltigt märke")
	}
	return writeJSON(w, map[string]bool{"hasBrand": a.authorised(r, brand)})
}

// coords reads optional lat/lng query values; ok false when absent or bad.
func coords(q map[string][]string, latKey, lngKey string) (lat, lng float64, ok bool) {
	get := func(k string) string {
		if v := q[k]; len(v) > 0 {
			return v[0]
		}
		return ""
	}
	la, err1 := strconv.ParseFloat(get(latKey), 64)
	lo, err2 := strconv.ParseFloat(get(lngKey), 64)
	if err1 != nil || err2 != nil || la < -90 || la > 90 || lo < -180 || lo > 180 {
		return 0, 0, false
	}
	return la, lo, true
}

// nearest is the nearest workshop of the site to the point (nil if none).
func (a *API) nearest(r *http.Request, lat, lng float64) *booking.Workshop {
	var best *booking.Workshop
	bestD := 0.0
	for _, w := range a.workshops(r) {
		if d := w.DistanceKm(lat, lng); best == nil || d < bestD {
			best, bestD = w, d
		}
	}
	return best
}

// handleOfferings serves "GET /api/mechmate/services/{reg}?lat&lng" and
// "GET /api/mechmate/addons/{reg}?lat&lng": prices at the workshop nearest
// to the place (list prices without one), for the car's typical mileage.
func (a *API) handleOfferings(addons bool) func(w http.ResponseWriter, r *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		v, err := a.lookup(r.Context(), r.PathValue("reg"))
		if err != nil {
			return err
		}
		cats := []booking.Category{}
		if vehicles.IsSupported(v.Brand) {
			var ws *booking.Workshop
			if lat, lng, ok := coords(r.URL.Query(), "lat", "lng"); ok {
				ws = a.nearest(r, lat, lng)
			}
			mileage := booking.TypicalMileage(v, a.Engine.Now().Year())
			cats = booking.Offerings(v, mileage, ws, a.authorised(r, v.Brand), addons)
		}
		return writeJSON(w, map[string]any{"serviceOfferingCategories": cats})
	}
}

var codePattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,39}$`)

// parseCodes reads a comma list of offering codes: 1..MaxServices known
// codes, no repeats.
func parseCodes(s string) ([]string, error) {
	if len(s) > 1000 {
		return nil, errInvalid("serviceOfferings", "för många tjänster")
	}
	var out []string
	seen := map[string]bool{}
	parts := strings.Split(s, ",")
	if len(parts) > MaxServices {
		return nil, errInvalid("serviceOfferings", fmt.Sprintf("högst %d tjänster", MaxServices))
	}
	for _, c := range parts {
		c = strings.TrimSpace(c)
		if c == "" {
			continue
		}
		if known, _ := booking.KnownOffering(c); !known || !codePattern.MatchString(c) {
			return nil, errUnknownService(c)
		}
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return nil, errInvalid("serviceOfferings", "välj minst en tjänst")
	}
	if len(out) > MaxServices {
		return nil, errInvalid("serviceOfferings", fmt.Sprintf("högst %d tjänster", MaxServices))
	}
	return out, nil
}

// handlePrices serves "GET /api/mechmate/prices/{reg}/{mileage}/{dep}?serviceOfferings=a,b".
func (a *API) handlePrices(w http.ResponseWriter, r *http.Request) error {
	v, err := a.lookup(r.Context(), r.PathValue("reg"))
	if err != nil {
		return err
	}
	mileage, err := strconv.Atoi(r.PathValue("mileage"))
	if err != nil || mileage < 1 || mileage > MaxMileage {
		return errInvalid("mileage", "Ange miltal")
	}
	ws, err := a.workshop(r.PathValue("dep"))
	if err != nil {
		return err
	}
	codes, err := parseCodes(r.URL.Query().Get("serviceOfferings"))
	if err != nil {
		return err
	}
	offers := make([]booking.Offer, 0, len(codes))
	for _, c := range codes {
		o, _ := booking.PriceOf(c, v, mileage, ws)
		offers = append(offers, o)
	}
	return writeJSON(w, map[string]any{"offers": offers})
}
