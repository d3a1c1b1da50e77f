package leads_test

import (
	"testing"

	"forecourt/internal/forms/leads"
)

// TestFormsNormalisePhone: the lead forms take phone numbers as people
// write them on the site's country and keep them in E.164 (21.14).
func TestFormsNormalisePhone(t *testing.T) {
	for _, tc := range []struct{ form, country, field, phone, want string }{
		{leads.FormSellCar, "SE", "customerPhone", "070-123 45 67", "+46701234567"},
		{leads.FormSellCar, "SE", "customerPhone", "+46 (0)70 123 45 67", "+46701234567"},
		{leads.FormSellCar, "FI", "customerPhone", "040 123 4567", "+358401234567"},
		{leads.FormServiceRequest, "NO", "customerPhone", "0047 912 34 567", "+4791234567"},
		{leads.FormServiceRequest, "NO", "customerPhone", "912-34-567", "+4791234567"},
	} {
		v := map[string]any{"regno": "EK12345", "milage": "4500", "customerName": "Sara Svensson", tc.field: tc.phone,
			"customerEmail": "sara@example.se", "option": "sell", "other": ""}
		if tc.form == leads.FormServiceRequest {
			v = map[string]any{"typeCar": "car", "siteId": "301", "services": []any{"Service"}, "desiredDate": "2026-11-26",
				"regno": "EK12345", "customerName": "Ola Nordmann", tc.field: tc.phone, "customerEmail": "ola@example.no", "gdpr": true}
		}
		f, err := leads.ParseForm(formBody(tc.form, v), today, tc.country)
		if err != nil {
			t.Errorf("%s %q: %v", tc.form, tc.phone, err)
			continue
		}
		var got string
		switch x := f.Values.(type) {
		case leads.SellCar:
			got = x.CustomerPhone
		case leads.ServiceRequest:
			got = x.CustomerPhone
		}
		if got != tc.want {
			t.Errorf("%s %q on %s: stored %q, want %q", tc.form, tc.phone, tc.country, got, tc.want)
		}
	}
}
