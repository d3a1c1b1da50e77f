package formsapi

import (
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"

	"forecourt/internal/errs"
	"forecourt/internal/leads"
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

// isJSON reports whether the request says its body is application/json.
func isJSON(r *http.Request) bool {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return err == nil && mt == "application/json"
}

// AllowedOrigin reports whether a browser request comes from a page of st:
// its Origin (or, without one, its Referer) names one of the site's hosts,
// its redirect hosts, <name>.localhost, localhost or a loopback address,
// over http or https and on any port, or one of extra (host names, such as
// PUBLIC_URL's). Requests without either header are refused: every browser
// sends Origin with a POST.
func AllowedOrigin(r *http.Request, st *site.Site, extra ...string) bool {
	origin := r.Header.Get("Origin")
	if origin == "" {
		origin = r.Header.Get("Referer")
	}
	if origin == "" || origin == "null" {
		return false
	}
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.User != nil {
		return false
	}
	host := strings.ToLower(u.Hostname())
	if host == "localhost" || host == strings.ToLower(st.Name)+".localhost" {
		return true
	}
	if a, err := netip.ParseAddr(host); err == nil && a.Unmap().IsLoopback() {
		return true
	}
	for _, h := range append(append(append([]string{}, st.Hosts...), st.RedirectHosts...), extra...) {
		if strings.EqualFold(h, host) {
			return true
		}
	}
	return false
}

// ClientIP is the request's client address: the peer's, or with
// trustForwarded the last X-Forwarded-For entry (the one the own proxy added).
func ClientIP(r *http.Request, trustForwarded bool) string {
	if trustForwarded {
		if xff := r.Header.Get("X-Forwarded-For"); xff != "" {
			parts := strings.Split(xff, ",")
			if ip := strings.TrimSpace(parts[len(parts)-1]); ip != "" {
				return ip
			}
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// readForm runs the checks every form POST passes before its body is read:
// application/json (415), Origin (403), the per-address rate limit (429),
// then reads at most MaxBody bytes (413).
func (s *Service) readForm(w http.ResponseWriter, r *http.Request, st *site.Site) ([]byte, error) {
	if !isJSON(r) {
		return nil, &statusError{http.StatusUnsupportedMediaType, "unsupported_media_type", "Send the form as application/json."}
	}
	if !AllowedOrigin(r, st, s.ExtraOriginHosts...) {
		return nil, errs.E(errs.Forbidden, "Forms are accepted from the site's own pages only.")
	}
	if err := leads.AllowAddress(r.Context(), s.Limiter, s.addressLimit(), ClientIP(r, s.TrustForwarded)); err != nil {
		return nil, err
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, &statusError{http.StatusRequestEntityTooLarge, "too_large", "The form is too large (at most " + strconv.Itoa(MaxBody>>10) + " KiB)."}
		}
		return nil, errs.E(errs.Invalid, "The form body could not be read.")
	}
	return body, nil
}
