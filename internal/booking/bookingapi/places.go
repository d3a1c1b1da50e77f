package bookingapi

// The gazetteer: /api/places and /api/places/nearest.

import (
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"
)

// handlePlaces serves "GET /api/places?q=gote[&limit=8]".
func (a *API) handlePlaces(w http.ResponseWriter, r *http.Request) error {
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	if n := utf8.RuneCountInString(q); n < 1 || n > 64 {
		return errInvalid("q", "1–64 tecken")
	}
	limit := 8
	if s := r.URL.Query().Get("limit"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > 20 {
			return errInvalid("limit", "limit är 1–20")
		}
		limit = n
	}
	return writeJSON(w, map[string]any{"places": a.Places.Search(q, limit)})
}

// handleNearest serves "GET /api/places/nearest?lat=&lng=".
func (a *API) handleNearest(w http.ResponseWriter, r *http.Request) error {
	lat, lng, ok := coords(r.URL.Query(), "lat", "lng")
	if !ok {
		return errInvalid("lat", "ogiltig position")
	}
	p, err := a.Places.Nearest(lat, lng)
	if err != nil {
		return errInvalid("lat", "positionen ligger utanför Sverige")
	}
	return writeJSON(w, map[string]any{"place": p})
}
