package vehicles

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"forecourt/internal/errs"
)

// HTTPProvider asks a vehicle-data service over HTTP (VEHICLE_API_URL and
// VEHICLE_API_KEY). It calls GET {BaseURL}/vehicles/{reg} with the key as a
// bearer token and expects
//
//	{"registrationNumber": "ABC123", "brand": "Volvo", "model": "XC60",
//	 "modelYear": 2019, "serviceAgreement": true}
//
// 404 means not registered, 400 and 422 a plate the service rejects; other
// answers and transport failures are errs.Unavailable.
type HTTPProvider struct {
	BaseURL string
	APIKey  string
	Client  *http.Client // nil: a client with a 5 s timeout
}

type remoteVehicle struct {
	Reg              string `json:"registrationNumber"`
	Brand            string `json:"brand"`
	Model            string `json:"model"`
	ModelYear        int    `json:"modelYear"`
	ServiceAgreement bool   `json:"serviceAgreement"`
}

var defaultClient = &http.Client{Timeout: 5 * time.Second}

// Lookup implements Provider.
func (p *HTTPProvider) Lookup(ctx context.Context, reg string) (Vehicle, error) {
	c := p.Client
	if c == nil {
		c = defaultClient
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimSuffix(p.BaseURL, "/")+"/vehicles/"+url.PathEscape(reg), nil)
	if err != nil {
		return Vehicle{}, errs.Wrap(err, "vehicle service request")
	}
	req.Header.Set("Accept", "application/json")
	if p.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+p.APIKey)
	}
	resp, err := c.Do(req)
	if err != nil {
		return Vehicle{}, &errs.Error{Code: errs.Unavailable, Message: "vehicle service unreachable", Err: err}
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if err != nil {
		return Vehicle{}, &errs.Error{Code: errs.Unavailable, Message: "vehicle service read failed", Err: err}
	}
	switch {
	case resp.StatusCode == http.StatusNotFound:
		return Vehicle{}, ErrNotFound
	case resp.StatusCode == http.StatusBadRequest || resp.StatusCode == http.StatusUnprocessableEntity:
		return Vehicle{}, ErrInvalidReg
	case resp.StatusCode != http.StatusOK:
		return Vehicle{}, &errs.Error{Code: errs.Unavailable, Message: "vehicle service failed", Err: fmt.Errorf("status %d", resp.StatusCode)}
	}
	var rv remoteVehicle
	if err := json.Unmarshal(body, &rv); err != nil || rv.Brand == "" {
		return Vehicle{}, &errs.Error{Code: errs.Unavailable, Message: "vehicle service answered badly", Err: fmt.Errorf("decode: %v", err)}
	}
	if rv.Reg == "" {
		rv.Reg = reg
	}
	return Vehicle{Reg: rv.Reg, Brand: rv.Brand, Model: rv.Model, BuildYear: rv.ModelYear, HasServiceAgreement: rv.ServiceAgreement}, nil
}
