package formsapi_test

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"forecourt/internal/content"
	"forecourt/internal/forms/formsapi"
	"forecourt/internal/page"
	"forecourt/internal/site"
)

func mustMarketing() *formsapi.Marketing {
	return &formsapi.Marketing{Settings: formsapi.MarketingSettings{ScriptURL: "https://forms.example/embed.js", Region: "eu1", PortalID: "42"}}
}

func request(tb testing.TB) *page.Request {
	reg, err := site.New(site.All(), "group-se")
	if err != nil {
		tb.Fatal(err)
	}
	s, err := reg.ByName("group-se")
	if err != nil {
		tb.Fatal(err)
	}
	return &page.Request{Site: s, Lang: "sv", Path: "/valj-anlaggning"}
}

func comp(fields map[string]any) *content.Component {
	f := content.Fields{}
	for k, v := range fields {
		f[k] = map[string]any{"value": v}
	}
	return &content.Component{UID: "c1", Fields: f, Params: map[string]string{}}
}

func TestParseMarketingSettings(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		want formsapi.MarketingSettings
		bad  bool
	}{
		{"defaults", nil, formsapi.MarketingSettings{ScriptURL: formsapi.DefaultMarketingScript, Region: "eu1"}, false},
		{"loopback stand-in", map[string]string{"MARKETING_FORM_SCRIPT_URL": "http://127.0.0.1:4100/forms.js", "MARKETING_FORM_REGION": "na1", "MARKETING_FORM_PORTAL_ID": "12345"},
			formsapi.MarketingSettings{ScriptURL: "http://127.0.0.1:4100/forms.js", Region: "na1", PortalID: "12345"}, false},
		{"plain http elsewhere", map[string]string{"MARKETING_FORM_SCRIPT_URL": "http://forms.example/x.js"}, formsapi.MarketingSettings{}, true},
		{"javascript url", map[string]string{"MARKETING_FORM_SCRIPT_URL": "javascript:alert(1)"}, formsapi.MarketingSettings{}, true},
		{"bad region", map[string]string{"MARKETING_FORM_REGION": "eu-1\"x"}, formsapi.MarketingSettings{}, true},
		{"bad portal", map[string]string{"MARKETING_FORM_PORTAL_ID": "1 2"}, formsapi.MarketingSettings{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := formsapi.ParseMarketingSettings(func(k string) string { return tt.env[k] })
			if (err != nil) != tt.bad {
				t.Fatalf("err = %v, want bad %v", err, tt.bad)
			}
			if !tt.bad {
				if diff := cmp.Diff(tt.want, got); diff != "" {
					t.Errorf("(-want +got):\n%s", diff)
				}
			}
		})
	}
}

func TestMarketingForm(t *testing.T) {
	b := mustMarketing()
	tests := []struct {
		name   string
		fields map[string]any
		params map[string]string
		want   string
	}{
		{"field", map[string]any{"FormId": "6f1c2a9e-4b7d"}, nil, "6f1c2a9e-4b7d"},
		{"param", nil, map[string]string{"FormId": "abc"}, "abc"},
		{"missing", nil, nil, ""},
		{"malformed", map[string]any{"FormId": "\"><script>"}, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := comp(tt.fields)
			if tt.params != nil {
				c.Params = tt.params
			}
			out, err := b.MarketingForm(context.Background(), request(t), &content.Route{}, c)
			if err != nil {
				t.Fatal(err)
			}
			want := &formsapi.MarketingFormData{ScriptURL: "https://forms.example/embed.js", Region: "eu1", PortalID: "42", FormID: tt.want, Configured: true}
			if diff := cmp.Diff(want, out); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestMarketingFormUnconfigured: without a provider account the popup can
// only fail ("Formuläret kunde inte laddas"), so the block is told it is
// not configured and gets the site's own form to show instead.
func TestMarketingFormUnconfigured(t *testing.T) {
	b := mustMarketing()
	b.Settings.PortalID = ""
	b.LocalForm = func(site, id string) (any, error) {
		if site == "group-se" && id == "nyhetsbrev" {
			return map[string]string{"id": id}, nil
		}
		return nil, errors.New("no such form")
	}
	for _, tt := range []struct {
		name     string
		fields   map[string]any
		fallback any
	}{
		{"with a local form", map[string]any{"FormId": "6f1c", "FallbackFormId": "nyhetsbrev"}, map[string]string{"id": "nyhetsbrev"}},
		{"unknown local form", map[string]any{"FormId": "6f1c", "FallbackFormId": "nope"}, nil},
		{"no local form", map[string]any{"FormId": "6f1c"}, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out, err := b.MarketingForm(context.Background(), request(t), &content.Route{}, comp(tt.fields))
			if err != nil {
				t.Fatal(err)
			}
			want := &formsapi.MarketingFormData{ScriptURL: "https://forms.example/embed.js", Region: "eu1", FormID: "6f1c", Fallback: tt.fallback}
			if diff := cmp.Diff(want, out); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	// A block's own portal configures it.
	out, _ := b.MarketingForm(context.Background(), request(t), &content.Route{}, comp(map[string]any{"FormId": "6f1c", "PortalId": "77", "FallbackFormId": "nyhetsbrev"}))
	if d := out.(*formsapi.MarketingFormData); !d.Configured || d.Fallback != nil {
		t.Errorf("block portal: %+v", d)
	}
}
