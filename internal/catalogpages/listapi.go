package catalogpages

import (
	"context"
	"fmt"
	"net/http"

	"forecourt/internal/errs"
	"forecourt/internal/httpguard"
	"forecourt/internal/httpkit"
	"forecourt/internal/search"
)

// maxListQuery bounds the query string of the car list's API: the list's
// own URLs stay far below it (a list with every facet ticked is ~2 KB).
const maxListQuery = 4 << 10

// ListSearch is the search of one window of a car list state: the list's
// cards and facets, limit cars from offset, the state's keyphrase, sort and
// filters. The car list page and the list's API both build their search
// here, so list state means one search wherever it is read.
func ListSearch(index string, q ListQuery, offset, limit int) search.Query {
	return search.Query{
		Index: index, Fields: CardFields, Keyphrase: q.Keyphrase, Facets: FacetRequests(),
		Limit: limit, Offset: offset, SortName: q.Sort, Filters: q.SearchFilters(),
	}
}

// ListPage is one page of the car list as its API answers it, in the field
// names of the search proxy's answer (facet, content, total_items).
type ListPage struct {
	Facets []search.FacetResult `json:"facet"`
	Cards  []CarCard            `json:"content"`
	Total  int                  `json:"total_items"`
	Limit  int                  `json:"limit"`
	Offset int                  `json:"offset"`
}

// ListPageOf runs the search of page q.Page of the list state q on index:
// PageSize cards from q.Page*PageSize, with the list's facets. A state with
// more values under one filter than the search takes is invalid (a field
// error naming the parameter); an index not built yet is unavailable.
func (p *Pages) ListPageOf(ctx context.Context, index string, q ListQuery) (ListPage, error) {
	sq := ListSearch(index, q, q.Page*PageSize, PageSize)
	for k, vals := range sq.Filters {
		if len(vals) > search.MaxFilterVals {
			return ListPage{}, errs.FieldErrors{k: fmt.Sprintf("at most %d values", search.MaxFilterVals)}.Err("The car list query is not valid.")
		}
	}
	res, err := p.Search.Search(ctx, sq)
	switch {
	case errs.Is(err, errs.NotFound):
		return ListPage{}, errs.E(errs.Unavailable, "the search index %s is being built; try again in a moment", index)
	case err != nil:
		return ListPage{}, err
	}
	return ListPage{Facets: res.Facets, Cards: Cards(res.Content), Total: res.TotalItems, Limit: sq.Limit, Offset: sq.Offset}, nil
}

// ListAPI serves "GET /api/car-list?<the list's query string>": the page of
// the list state that the query string describes (ParseListQuery: filters,
// ranges, keyphrase, sort, page; brand and model as car_brand and
// car_model), on the vehicles index of the request's site. The screen sends
// its own URL's query, so the rules that make a search of list state exist
// only on the server. A failed search answers the empty page, as the
// search proxy does (spec: on failure an empty result is returned), and is
// logged.
func (p *Pages) ListAPI(w http.ResponseWriter, r *http.Request) error {
	st := httpguard.SiteOf(r)
	if st == nil {
		return errs.E(errs.NotFound, "no site for this host")
	}
	if len(r.URL.RawQuery) > maxListQuery {
		return errs.E(errs.Invalid, "the car list query is too long (at most %d bytes)", maxListQuery)
	}
	q := ParseListQuery(r.URL.Query())
	page, err := p.ListPageOf(r.Context(), st.VehiclesIndex(), q)
	switch {
	case errs.Is(err, errs.Invalid), errs.Is(err, errs.Unavailable):
		return err
	case err != nil:
		p.log().Error("car list API: search failed; answering the empty page", "site", st.Name, "err", err)
		w.Header().Set("Cache-Control", "no-store")
		return httpkit.WriteJSON(w, r, http.StatusOK, ListPage{Facets: []search.FacetResult{}, Cards: []CarCard{}, Limit: PageSize, Offset: q.Page * PageSize})
	}
	w.Header().Set("Cache-Control", "public, max-age=60")
	return httpkit.WriteJSON(w, r, http.StatusOK, page)
}

// Routes lists the car list's API for the server's mux.
func (p *Pages) Routes() []httpkit.Route {
	return []httpkit.Route{{Pattern: "GET /api/car-list", Name: "api-car-list", Handler: p.ListAPI}}
}
