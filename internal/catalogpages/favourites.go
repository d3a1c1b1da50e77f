package catalogpages

import (
	"context"
	"strconv"
	"strings"

	"forecourt/internal/content"
	"forecourt/internal/page"
	"forecourt/internal/search"
)

// MaxFavourites bounds a favourites list, saved in the browser or shared by
// link: the page fetches at most this many cars.
const MaxFavourites = 100

// maxIDParts bounds the comma-separated parts of a share link read at all.
const maxIDParts = 4 * MaxFavourites

// FavouritesData is the favourites page loader's output. The visitor's own
// list lives in the browser (localStorage), so the server knows only a
// shared list: the ids of a share link ("?ids=101,102") and their cards.
type FavouritesData struct {
	Index    string   `json:"index"`
	ListPath string   `json:"listPath"` // the car list, for the empty state
	Fields   []string `json:"fields"`   // card fields the page fetches
	Max      int      `json:"max"`
	// Shared lists the share link's car ids in its order (nil without a
	// link); SharedCars are those still for sale, in the same order.
	Shared     []int64   `json:"shared,omitempty"`
	SharedCars []CarCard `json:"sharedCars"`
	// Rejected counts parts of the link that are no car id (ignored) and
	// Truncated says the link listed more than Max cars (the rest ignored).
	Rejected  int  `json:"rejected,omitempty"`
	Truncated bool `json:"truncated,omitempty"`
	// Error is true when the shared cars could not be fetched.
	Error bool `json:"error,omitempty"`
}

// ParseFavouriteIDs reads the ids of a share link: car ids separated by
// commas (spaces ignored), each a positive whole number of at most 15
// digits. Anything else is counted in rejected and ignored; repeats are
// dropped silently; ids past MaxFavourites set truncated. It never fails.
func ParseFavouriteIDs(s string) (ids []int64, rejected int, truncated bool) {
	parts := strings.Split(s, ",")
	if len(parts) > maxIDParts {
		rejected += len(parts) - maxIDParts
		parts = parts[:maxIDParts]
	}
	seen := map[int64]bool{}
	for _, p := range parts {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		id, err := strconv.ParseInt(p, 10, 64)
		if err != nil || id <= 0 || len(p) > 15 || !IsNumeric(p) {
			rejected++
			continue
		}
		if seen[id] {
			continue
		}
		if len(ids) == MaxFavourites {
			truncated = true
			continue
		}
		seen[id] = true
		ids = append(ids, id)
	}
	return ids, rejected, truncated
}

// FavouritesRewriter serves the dictionary's pathToFavourites
// ("/bilar/favoriter") from its own item before the car list's
// /{brand} rewriter would take the segment for a brand.
func (p *Pages) FavouritesRewriter(ctx context.Context, req *page.Request, dict content.Dictionary) (string, []string, bool) {
	fav := rootPath(req, dict, "pathToFavourites")
	if fav == "" || fav == "/" || strings.TrimSuffix(req.Path, "/") != fav {
		return "", nil, false
	}
	return fav, nil, true
}

// Favourites loads the favourites page: the shared list of "?ids=" with
// its cards (sold or removed cars are simply not among them, and the page
// marks them), or nothing more for the visitor's own list, which the
// browser fetches. A failed search is logged and shown as Error.
func (p *Pages) Favourites(ctx context.Context, req *page.Request, route *content.Route, c *content.Component) (any, error) {
	dict := p.dict(ctx, req)
	d := &FavouritesData{
		Index: req.Site.VehiclesIndex(), ListPath: dict["pathToCarList"], Fields: CardFields,
		Max: MaxFavourites, SharedCars: []CarCard{},
	}
	raw, ok := req.Query["ids"]
	if !ok {
		return d, nil
	}
	d.Shared, d.Rejected, d.Truncated = ParseFavouriteIDs(strings.Join(raw, ","))
	if d.Shared == nil {
		d.Shared = []int64{}
	}
	if len(d.Shared) == 0 {
		return d, nil
	}
	vals := make([]string, len(d.Shared))
	for i, id := range d.Shared {
		vals[i] = strconv.FormatInt(id, 10)
	}
	res, err := p.Search.Search(ctx, search.Query{Index: d.Index, Fields: CardFields, Limit: len(vals),
		Filters: map[string][]string{"car_id": vals}})
	if err != nil {
		p.log().Error("favourites: shared cars search failed", "site", req.Site.Name, "err", err)
		d.Error = true
		return d, nil
	}
	byID := map[int64]CarCard{}
	for _, card := range Cards(res.Content) {
		byID[card.CarID] = card
	}
	for _, id := range d.Shared {
		if card, ok := byID[id]; ok {
			d.SharedCars = append(d.SharedCars, card)
		}
	}
	return d, nil
}
