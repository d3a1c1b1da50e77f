package forms_test

import (
	"strings"
	"testing"
	"time"

	"forecourt/internal/errs"
	"forecourt/internal/forms"
)

func TestTickets(t *testing.T) {
	tk := &forms.Tickets{Secret: []byte("0123456789abcdef")}
	t0 := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
	issued := tk.Issue("group-se", t0)
	if issued.NotBefore != t0.Add(3*time.Second).UnixMilli() || issued.ExpiresAt != t0.Add(12*time.Hour).UnixMilli() {
		t.Errorf("window %+v", issued)
	}
	problem := func(err error) string {
		if err == nil {
			return ""
		}
		return err.(*errs.Error).Fields["ticket"]
	}
	tests := []struct {
		name, value, site string
		at                time.Time
		want              string
	}{
		{"good", issued.Value, "group-se", t0.Add(4 * time.Second), ""},
		{"too fast", issued.Value, "group-se", t0.Add(2 * time.Second), forms.TicketTooFast},
		{"expired", issued.Value, "group-se", t0.Add(13 * time.Hour), forms.TicketExpired},
		{"other site", issued.Value, "group-uk", t0.Add(4 * time.Second), forms.TicketInvalid},
		{"missing", "", "group-se", t0, forms.TicketMissing},
		{"garbage", "v1.x.y", "group-se", t0, forms.TicketInvalid},
		{"forged site", strings.Replace(issued.Value, "group-se", "group-uk", 1), "group-uk", t0.Add(4 * time.Second), forms.TicketInvalid},
		{"other key", (&forms.Tickets{Secret: []byte("another key 0123")}).Issue("group-se", t0).Value, "group-se", t0.Add(4 * time.Second), forms.TicketInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			nonce, err := tk.Check(tt.value, tt.site, tt.at)
			if got := problem(err); got != tt.want {
				t.Fatalf("problem %q, want %q (%v)", got, tt.want, err)
			}
			if tt.want == "" && len(nonce) != 24 {
				t.Errorf("nonce %q", nonce)
			}
		})
	}
	if a, b := tk.Issue("group-se", t0), tk.Issue("group-se", t0); a.Value == b.Value {
		t.Error("two tickets alike")
	}
}

func TestLimits(t *testing.T) {
	for in, want := range map[string]string{"192.0.2.7": "form:ip:192.0.2.7", "::ffff:192.0.2.7": "form:ip:192.0.2.7",
		"2001:db8:1:2:3:4:5:6": "form:ip:2001:db8:1:2::/64", "2001:db8:1:2:ffff::1": "form:ip:2001:db8:1:2::/64"} {
		if got := forms.AddressKey(in); got != want {
			t.Errorf("AddressKey(%q) = %q, want %q", in, got, want)
		}
	}
	if forms.RecipientKey("Sales@Dealer.se") != forms.RecipientKey("sales@dealer.se ") || strings.Contains(forms.RecipientKey("sales@dealer.se"), "dealer") {
		t.Error("recipient keys: not case-insensitive or not hashed")
	}
}
