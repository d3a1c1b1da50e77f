package formsapi

import (
	"context"
	"log/slog"
	"net/url"
	"regexp"
	"strings"

	"forecourt/internal/content"
	"forecourt/internal/errs"
	"forecourt/internal/page"
)

// Marketing is the loader of the marketing-form block: the marketing
// provider's form embed, or the site's own form where the provider is not
// set up.
type Marketing struct {
	Settings MarketingSettings
	// LocalForm returns the public definition of a form-builder form of a
	// site (the marketing-form block's FallbackFormId): the form shown
	// where the marketing provider is not configured. Nil: none.
	LocalForm func(site, formID string) (any, error)
	Logger    *slog.Logger
}

func (b *Marketing) log() *slog.Logger {
	if b.Logger != nil {
		return b.Logger
	}
	return slog.Default()
}

// MarketingSettings configure the marketing provider's form embed.
type MarketingSettings struct {
	// ScriptURL is the provider's form script (https, or http on loopback
	// for tests).
	ScriptURL string
	// Region is the provider's data region, e.g. "eu1".
	Region string
	// PortalID is the provider account the forms belong to.
	PortalID string
}

// DefaultMarketingScript is the provider's EU form script.
const DefaultMarketingScript = "https://js-eu1.hsforms.net/forms/embed/v2.js"

var (
	regionRE = regexp.MustCompile(`^[a-z]{2,4}[0-9]{0,2}$`)
	idRE     = regexp.MustCompile(`^[A-Za-z0-9-]{1,64}$`)
)

// ParseMarketingSettings reads MARKETING_FORM_SCRIPT_URL (default the EU
// script), MARKETING_FORM_REGION (default "eu1") and
// MARKETING_FORM_PORTAL_ID through getenv. Every bad value is reported by
// name.
func ParseMarketingSettings(getenv func(string) string) (MarketingSettings, error) {
	s := MarketingSettings{ScriptURL: getenv("MARKETING_FORM_SCRIPT_URL"), Region: getenv("MARKETING_FORM_REGION"),
		PortalID: getenv("MARKETING_FORM_PORTAL_ID")}
	if s.ScriptURL == "" {
		s.ScriptURL = DefaultMarketingScript
	}
	if s.Region == "" {
		s.Region = "eu1"
	}
	bad := errs.FieldErrors{}
	if u, err := url.Parse(s.ScriptURL); err != nil || u.Host == "" || !(u.Scheme == "https" || u.Scheme == "http" && loopback(u.Hostname())) {
		bad.Add("MARKETING_FORM_SCRIPT_URL", "must be an https:// address (http:// only on loopback)")
	}
	if !regionRE.MatchString(s.Region) {
		bad.Add("MARKETING_FORM_REGION", "must be a region code such as eu1")
	}
	if s.PortalID != "" && !idRE.MatchString(s.PortalID) {
		bad.Add("MARKETING_FORM_PORTAL_ID", "must be letters, digits and dashes")
	}
	return s, bad.Err("invalid marketing form settings")
}

func loopback(h string) bool {
	return h == "127.0.0.1" || h == "localhost" || h == "::1" || strings.HasSuffix(h, ".localhost")
}

// MarketingFormData is the marketing-form embed's output. FormID is empty
// when the block names none or a malformed one (the block then shows
// "Missing FormId"). Configured is false without a provider account
// (MARKETING_FORM_PORTAL_ID or the block's PortalId): the provider's form
// cannot load then, so the block offers no popup; it shows Fallback, the
// site's own form-builder form named by FallbackFormId, when there is one.
type MarketingFormData struct {
	ScriptURL  string `json:"scriptUrl"`
	Region     string `json:"region"`
	PortalID   string `json:"portalId"`
	FormID     string `json:"formId"`
	Configured bool   `json:"configured"`
	Fallback   any    `json:"fallback,omitempty"`
}

// MarketingForm passes the settings and the block's FormId (field or
// param) to the embed. A block's PortalId field overrides the setting.
// Without a portal the block gets its local fallback form instead.
func (b *Marketing) MarketingForm(ctx context.Context, req *page.Request, route *content.Route, c *content.Component) (any, error) {
	d, err := b.marketingForm(req, c)
	if err != nil || d.Configured {
		return d, err
	}
	if id := strings.TrimSpace(c.Fields.String("FallbackFormId")); id != "" && b.LocalForm != nil {
		f, err := b.LocalForm(req.Site.Name, id)
		if err != nil {
			b.log().Warn("marketing form: fallback form missing", "site", req.Site.Name, "form", id, "err", err)
		} else {
			d.Fallback = f
		}
	}
	return d, nil
}

func (b *Marketing) marketingForm(req *page.Request, c *content.Component) (*MarketingFormData, error) {
	d := &MarketingFormData{ScriptURL: b.Settings.ScriptURL, Region: b.Settings.Region, PortalID: b.Settings.PortalID}
	id := strings.TrimSpace(c.Fields.String("FormId"))
	if id == "" {
		id = strings.TrimSpace(c.Params["FormId"])
	}
	if idRE.MatchString(id) {
		d.FormID = id
	} else if id != "" {
		b.log().Warn("marketing form: malformed FormId", "site", req.Site.Name, "formId", id)
	}
	if p := strings.TrimSpace(c.Fields.String("PortalId")); idRE.MatchString(p) {
		d.PortalID = p
	}
	d.Configured = d.PortalID != ""
	return d, nil
}
