// Package personalize forwards page-view events to the personalization and
// analytics service (Sitecore Personalize/CDP style). Without an endpoint
// events are dropped silently: the integration's built-in default is "off".
package personalize

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"forecourt/internal/errs"
)

// Channel is the channel of every event the site sends.
const Channel = "WEB"

// PageView is one page view as the service receives it.
type PageView struct {
	Channel   string `json:"channel"`
	Type      string `json:"type"`
	Page      string `json:"page"`
	VariantID string `json:"pageVariantId"`
	Language  string `json:"language"`
	Site      string `json:"site"`
	// BrowserID identifies the browser (first-party, set after consent).
	BrowserID string `json:"browserId,omitempty"`
}

// Input is the body of POST /api/events/pageview.
type Input struct {
	Page      string `json:"page"`
	VariantID string `json:"variantId"`
	Language  string `json:"language"`
	BrowserID string `json:"browserId"`
}

var (
	langRe = regexp.MustCompile(`^[a-z]{2,3}(-[A-Za-z]{2,4})?$`)
	idRe   = regexp.MustCompile(`^[A-Za-z0-9{}_\-.:]{0,128}$`)
)

// Parse validates in for site and returns the event (channel WEB).
func Parse(site string, in Input) (PageView, error) {
	bad := errs.FieldErrors{}
	in.Page = strings.TrimSpace(in.Page)
	if in.Page == "" || utf8.RuneCountInString(in.Page) > 200 {
		bad.Add("page", "the page name is required (at most 200 characters)")
	}
	if !langRe.MatchString(in.Language) {
		bad.Add("language", "a language code such as sv is required")
	}
	if !idRe.MatchString(in.VariantID) {
		bad.Add("variantId", "not a variant id")
	}
	if !idRe.MatchString(in.BrowserID) {
		bad.Add("browserId", "not a browser id")
	}
	if err := bad.Err("The page-view event is not valid."); err != nil {
		return PageView{}, err
	}
	return PageView{Channel: Channel, Type: "VIEW", Page: in.Page, VariantID: in.VariantID, Language: strings.ToUpper(in.Language), Site: site, BrowserID: in.BrowserID}, nil
}

// Client sends events to Endpoint.
type Client struct {
	Endpoint string
	Timeout  time.Duration
	HTTP     *http.Client
}

// Enabled reports whether events go anywhere.
func (c *Client) Enabled() bool { return c != nil && c.Endpoint != "" }

// Send posts ev as JSON within Timeout (default 1.5 s). A client without an
// endpoint drops the event and returns nil. Errors: Unavailable when the
// service does not answer 2xx in time.
func (c *Client) Send(ctx context.Context, ev PageView) error {
	if !c.Enabled() {
		return nil
	}
	timeout := c.Timeout
	if timeout <= 0 {
		timeout = 1500 * time.Millisecond
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	body, _ := json.Marshal(ev)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Endpoint, bytes.NewReader(body))
	if err != nil {
		return errs.Wrap(err, "personalize request")
	}
	req.Header.Set("Content-Type", "application/json")
	hc := c.HTTP
	if hc == nil {
		hc = http.DefaultClient
	}
	res, err := hc.Do(req)
	if err != nil {
		return &errs.Error{Code: errs.Unavailable, Message: "The personalization service did not answer.", Err: err}
	}
	defer res.Body.Close()
	io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
	if res.StatusCode/100 != 2 {
		return &errs.Error{Code: errs.Unavailable, Message: "The personalization service failed.", Err: fmt.Errorf("HTTP %d", res.StatusCode)}
	}
	return nil
}
