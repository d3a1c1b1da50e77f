package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"forecourt/internal/alerts"
	"forecourt/internal/forms"
)

// settingsTable is the README's table of settings as the table of
// settings makes it.
func settingsTable() string {
	var b strings.Builder
	b.WriteString("| name | default | meaning |\n|---|---|---|\n")
	for _, s := range settings() {
		def := s.def
		if def == "" {
			def = "(empty)"
		}
		cell := func(v string) string { return strings.ReplaceAll(v, "|", `\|`) }
		b.WriteString("| `" + s.name + "` | " + cell(def) + " | " + cell(s.meaning) + " |\n")
	}
	return b.String()
}

// TestREADMESettings checks that README.md's table of settings is the
// table the server reads. On a difference it prints the table to paste.
func TestREADMESettings(t *testing.T) {
	raw, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	const heading = "## Settings (environment)\n"
	_, rest, ok := strings.Cut(string(raw), heading)
	if !ok {
		t.Fatalf("README.md has no %q", strings.TrimSpace(heading))
	}
	got, _, _ := strings.Cut(rest, "\n\n")
	want := settingsTable()
	if strings.TrimSpace(got) != strings.TrimSpace(want) {
		t.Errorf("README.md's table of settings differs from the table of settings (settings.go); the table is:\n\n%s", want)
	}
}

// TestSettingsReadOnce checks that no server code reads the environment
// but loadConfig: a setting read elsewhere would be missing from --help
// and README.md.
func TestSettingsReadOnce(t *testing.T) {
	for _, root := range []string{".", "../../internal"} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			// The store test suite's TEST_DATABASE_URL is the tests' own.
			if strings.Contains(filepath.ToSlash(path), "store/storetest/") {
				return nil
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
			if err != nil {
				return err
			}
			ast.Inspect(f, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				if x, ok := sel.X.(*ast.Ident); ok && x.Name == "os" && (sel.Sel.Name == "Getenv" || sel.Sel.Name == "LookupEnv") {
					if !(path == "config.go" && sel.Sel.Name == "Getenv") {
						t.Errorf("%s reads the environment (os.%s): add the setting to settings.go instead", path, sel.Sel.Name)
					}
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

func TestSettingsNamesOnce(t *testing.T) {
	seen := map[string]bool{}
	for _, s := range settings() {
		if seen[s.name] {
			t.Errorf("%s is in the table twice", s.name)
		}
		seen[s.name] = true
		if s.meaning == "" {
			t.Errorf("%s has no meaning", s.name)
		}
	}
}

// TestSettingsDefaults checks the sections without any setting: the
// defaults the features had before they read their settings here.
func TestSettingsDefaults(t *testing.T) {
	c, err := loadConfigFrom(func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	checks := []struct {
		name      string
		got, want any
	}{
		{"PORT", c.Port, 8080},
		{"HOST", c.Host, "127.0.0.1"},
		{"DATA_DIR", c.DataDir, "./data"},
		{"MEDIA_DIR", c.MediaDir, filepath.Join("./data", "media")},
		{"RENDER_TIMEOUT_MS", c.RenderTimeout, 2 * time.Second},
		{"EDGE_CACHE_SECONDS", c.EdgeCacheTTL, 30 * time.Second},
		{"ACCESS_LOG", c.AccessLog, true},
		{"FORMS_MIN_FILL_MS", c.Forms.MinFill, 3 * time.Second},
		{"FORMS_LIMIT_ADDRESS", c.Forms.AddressLimit, forms.DefaultAddressLimit},
		{"FORMS_LIMIT_RECIPIENT", c.Forms.RecipientLimit, forms.DefaultRecipientLimit},
		{"JOTFORM_REGION", c.Forms.JotformRegion, "us"},
		{"MARKETING_FORM_REGION", c.Marketing.Region, "eu1"},
		{"SMTP_FROM", c.Mail.From, "no-reply@forecourt.local"},
		{"SMS_SENDER", c.SMS.Sender, "Forecourt"},
		{"TIREHOTEL_RATE_SCALE", c.Tirehotel.RateScale, 1},
		{"ALERTS_SWEEP_INTERVAL", c.Alerts.Sweep, time.Hour},
		{"ALERTS_DIGEST_HOUR", c.Alerts.DigestHour, 7},
		{"ALERTS_LIMIT_*", c.Alerts.Limits, alerts.DefaultLimits},
		{"GOGC", c.Runtime.GOGC, false},
	}
	for _, x := range checks {
		if x.got != x.want {
			t.Errorf("%s: got %v, want %v", x.name, x.got, x.want)
		}
	}
	if len(c.Hardening.PublicURLs) != 0 {
		t.Errorf("PUBLIC_URLS: got %v", c.Hardening.PublicURLs)
	}
}

// TestSettingsBadValues checks that every bad value is reported by its
// name, all at once.
func TestSettingsBadValues(t *testing.T) {
	env := map[string]string{
		"PORT": "0", "FORMS_MIN_FILL_MS": "soon", "FORMS_LIMIT_ADDRESS": "20", "ALERTS_SWEEP_INTERVAL": "1ms",
		"ALERTS_DIGEST_HOUR": "24", "TIREHOTEL_RATE_SCALE": "0", "SMS_GATEWAY_URL": "ftp://x", "VEHICLE_API_URL": "x",
		"REMINDERS_SECRET": "short", "BOOKING_LINK_SECRET": "short", "FORMS_TRUST_FORWARDED": "1", "JOTFORM_REGION": "mars",
		"MARKETING_FORM_REGION": "EU!", "EDGE_ENDPOINT": "https://edge.test", "CLIENT_IP_HEADER": "Forwarded",
	}
	_, err := loadConfigFrom(func(k string) string { return env[k] })
	fields := fieldsOf(err)
	want := []string{"EDGE_API_KEY"}
	for k := range env {
		if k != "EDGE_ENDPOINT" {
			want = append(want, k)
		}
	}
	for _, k := range want {
		if fields[k] == "" {
			t.Errorf("%s: no error (got %v)", k, fields)
		}
	}
	if len(fields) != len(want) {
		t.Errorf("got %d errors, want %d: %v", len(fields), len(want), fields)
	}
	good := map[string]string{"ALERTS_DIGEST_HOUR": "0", "TIREHOTEL_RATE_SCALE": "50", "FORMS_MIN_FILL_MS": "500", "SMTP_FROM": "web@forecourt.test"}
	c, err := loadConfigFrom(func(k string) string { return good[k] })
	if err != nil {
		t.Fatal(err)
	}
	if c.Alerts.DigestHour != 0 || c.Tirehotel.RateScale != 50 || c.Forms.MinFill != 500*time.Millisecond || c.Mail.From != "web@forecourt.test" {
		t.Errorf("set values not read: %+v", c)
	}
}
