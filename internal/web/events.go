package web

import (
	"context"
	"encoding/json"
	"io"
	"net/http"

	"forecourt/internal/errs"
	"forecourt/internal/httpguard"
	"forecourt/internal/personalize"
)

// handlePageView serves "POST /api/events/pageview": the browser reports a
// page view (only after analytics consent) and the server forwards it to
// the personalization service with channel WEB, within the client's
// timeout. Without PERSONALIZE_ENDPOINT, or when the service fails, the
// event is dropped and the answer is still 202: page views are best effort.
func (s *Server) handlePageView(w http.ResponseWriter, r *http.Request) error {
	if !sameOrigin(r) {
		return errs.E(errs.Forbidden, "Cross-origin events are not accepted.")
	}
	var in personalize.Input
	dec := json.NewDecoder(io.LimitReader(r.Body, 4<<10))
	if err := dec.Decode(&in); err != nil {
		return errs.E(errs.Invalid, "The event body is not valid JSON.")
	}
	st := httpguard.SiteOf(r)
	ev, err := personalize.Parse(st.Name, in)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	if c := s.deps.Personalize; c.Enabled() {
		// Detached from the browser's request: a closed tab still counts.
		if err := c.Send(context.WithoutCancel(r.Context()), ev); err != nil {
			s.log.Warn("page-view event dropped", "err", err, "site", st.Name)
		}
	}
	w.WriteHeader(http.StatusAccepted)
	return nil
}
