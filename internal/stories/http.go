package stories

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"forecourt/internal/errs"
	"forecourt/internal/httpguard"
	"forecourt/internal/httpkit"
	"forecourt/internal/site"
)

// listRequest is a parsed GET /api/stories query.
type listRequest struct {
	Query
	prefix string
}

// parseListRequest reads index, tags (comma-separated), cursor, limit and
// lang. Every problem is reported at once as an Invalid error.
func parseListRequest(st *site.Site, q url.Values) (listRequest, error) {
	fe := errs.FieldErrors{}
	r := listRequest{Query: Query{Site: st.Name, Lang: q.Get("lang"), Index: q.Get("index"), Cursor: q.Get("cursor"), Limit: ListPageSize}}
	if r.Lang == "" {
		r.Lang = st.DefaultLanguage()
	} else if !st.HasLanguage(r.Lang) {
		fe.Add("lang", "the site has no language "+strconv.Quote(r.Lang))
	}
	if r.Index == "" {
		fe.Add("index", "the stories index path is required, e.g. /nyheter")
	} else if !strings.HasPrefix(r.Index, "/") || strings.Contains(r.Index, "..") {
		fe.Add("index", "must be an item path starting with /")
	}
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > MaxLimit {
			fe.Add("limit", "must be a whole number from 1 to "+strconv.Itoa(MaxLimit))
		} else {
			r.Limit = n
		}
	}
	if v := q.Get("tags"); v != "" {
		for _, t := range strings.Split(v, ",") {
			if t = strings.TrimSpace(t); t != "" {
				r.Tags = append(r.Tags, t)
			}
		}
	}
	if r.Cursor != "" {
		if _, err := decodeCursor(r.Cursor); err != nil {
			fe.Add("cursor", "is not a cursor from this list; start again without one")
		}
	}
	if err := fe.Err("the stories query is not valid"); err != nil {
		return r, err
	}
	if r.Lang != st.DefaultLanguage() {
		r.prefix = "/" + r.Lang
	}
	return r, nil
}

// Routes lists the stories' endpoint for the server's mux: "GET
// /api/stories" of the request's site.
func (s *Service) Routes() []httpkit.Route {
	return []httpkit.Route{{Pattern: "GET /api/stories", Name: "stories", Handler: s.Handler(httpguard.SiteOf, httpkit.WriteJSON)}}
}

// Handler serves "GET /api/stories?index=…&tags=a,b&cursor=…&limit=4&lang=…":
// one page of the stories under index, newest first, OR-filtered by tag ids
// or keys. siteOf gives the request's site and write the JSON answer.
func (s *Service) Handler(siteOf func(*http.Request) *site.Site, write func(http.ResponseWriter, *http.Request, int, any) error) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		st := siteOf(r)
		if st == nil {
			return errs.E(errs.NotFound, "no site for this host")
		}
		req, err := parseListRequest(st, r.URL.Query())
		if err != nil {
			return err
		}
		p, err := s.List(r.Context(), req.Query)
		if err != nil {
			return err
		}
		publicPath := func(p string) string { return req.prefix + p }
		w.Header().Set("Cache-Control", "public, max-age=60")
		return write(w, r, http.StatusOK, toPageOut(p, publicPath))
	}
}
