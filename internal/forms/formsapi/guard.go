package formsapi

import (
	"encoding/json"
	"net/http"
	"strconv"

	"forecourt/internal/errs"
	"forecourt/internal/forms"
	"forecourt/internal/httpguard"
	"forecourt/internal/httpkit"
	"forecourt/internal/site"
)

// MaxBody bounds a form body (413 above it).
const MaxBody = 64 << 10

// statusError is an answer with a status that errs has no code for (413,
// 415); it carries the same error body as every API error.
type statusError struct {
	status int
	code   string
	msg    string
}

func (e *statusError) Error() string { return e.code + ": " + e.msg }

// writeStatusError writes e as {"error":{"code","message"}}.
func writeStatusError(w http.ResponseWriter, e *statusError) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(e.status)
	json.NewEncoder(w).Encode(map[string]any{"error": map[string]string{"code": e.code, "message": e.msg}})
}

// readForm runs the checks every form POST passes before its body is read:
// application/json (415), Origin (403), the per-address rate limit (429),
// then reads at most MaxBody bytes (413).
func (s *Service) readForm(w http.ResponseWriter, r *http.Request, st *site.Site) ([]byte, error) {
	if !httpguard.IsJSON(r) {
		return nil, &statusError{http.StatusUnsupportedMediaType, "unsupported_media_type", "Send the form as application/json."}
	}
	if !httpguard.OriginAllowed(r, s.ExtraOriginHosts...) {
		return nil, errs.E(errs.Forbidden, "Forms are accepted from the site's own pages only.")
	}
	if err := forms.AllowAddress(r.Context(), s.Limiter, s.addressLimit(), httpguard.ClientAddr(r)); err != nil {
		return nil, err
	}
	body, err := httpkit.ReadBody(w, r, MaxBody)
	switch {
	case errs.Is(err, errs.TooLarge):
		return nil, &statusError{http.StatusRequestEntityTooLarge, "too_large", "The form is too large (at most " + strconv.Itoa(MaxBody>>10) + " KiB)."}
	case err != nil:
		return nil, errs.E(errs.Invalid, "The form body could not be read.")
	}
	return body, nil
}
