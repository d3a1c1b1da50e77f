package web

import (
	"fmt"
	"io"
	"net/http"

	"forecourt/internal/errs"
	"forecourt/internal/httpkit"
	"forecourt/internal/search"
)

// maxSearchBody bounds a search request body.
const maxSearchBody = 64 << 10

// publicQuery applies the public API's bounds to q: anonymous callers get
// pages of at most search.MaxPublicLimit (signed-in editors up to
// search.MaxLimit), and a query without fields gets the id field only (ask
// for the fields you show).
func publicQuery(s *Server, r *http.Request, q *search.Query) error {
	if q.Limit > search.MaxPublicLimit {
		if _, err := s.editorSession(r); err != nil {
			return (errs.FieldErrors{"limit": fmt.Sprintf("must be between 0 and %d", search.MaxPublicLimit)}).Err("The search query is not valid.")
		}
	}
	if len(q.Fields) == 0 {
		if sc := search.SchemaFor(q.Index); sc != nil {
			q.Fields = []string{sc.ID}
		}
	}
	return nil
}

// searchRoute is "POST /api/search": the search proxy contract of the
// spec over the in-process engine. A bad body or unknown index answers 400
// with a clear message; an internal failure answers the empty result and
// is logged, as the spec's error catalogue says.
func (s *Server) searchRoute(engine *search.Engine) httpkit.Route {
	return httpkit.Route{Pattern: "POST /api/search", Name: "api-search", Handler: func(w http.ResponseWriter, r *http.Request) error {
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxSearchBody))
		if err != nil {
			return errs.E(errs.Invalid, "request body too large (at most %d bytes)", maxSearchBody)
		}
		q, err := search.ParseQuery(body)
		if err != nil {
			return err
		}
		if err := publicQuery(s, r, &q); err != nil {
			return err
		}
		res, err := engine.Search(r.Context(), q)
		switch {
		case errs.Is(err, errs.NotFound):
			if _, known := s.sites.ByIndex(q.Index); known == nil {
				return errs.E(errs.Unavailable, "the search index %s is being built; try again in a moment", q.Index)
			}
			return errs.E(errs.Invalid, "%s", errs.MessageOf(err))
		case errs.Is(err, errs.Invalid):
			return err
		case err != nil:
			s.log.Error("search failed; answering the empty result", "index", q.Index, "err", err)
			res = search.Result{Limit: q.Limit, Offset: q.Offset, Facets: []search.FacetResult{}, Content: []map[string]any{}}
		}
		w.Header().Set("Cache-Control", "public, max-age=60")
		return httpkit.WriteJSON(w, r, http.StatusOK, res)
	}}
}
