package linktoken_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"forecourt/internal/errs"
	"forecourt/internal/linktoken"
	"forecourt/internal/linktoken/linktokentest"
)

const label = "forecourt test tokens v1"

func mustNew(tb testing.TB, secret, label string) *linktoken.Signer {
	tb.Helper()
	s, err := linktoken.New([]byte(secret), label)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// problemOf is fields.token of a refusal ("" for a foreign error or nil).
func problemOf(err error) string {
	var e *errs.Error
	if !errors.As(err, &e) || e.Code != errs.Invalid {
		return ""
	}
	return e.Fields["token"]
}

func TestRoundTrip(t *testing.T) {
	s := mustNew(t, "0123456789abcdef0123456789abcdef", label)
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	for name, subject := range map[string]string{
		"id":                   "RM-ABC23456",
		"empty":                "",
		"dots and line breaks": "group-se\nanna.berg@example.se",
		"not ascii":            "åäö ✓",
		"longest":              strings.Repeat("x", linktoken.MaxSubject),
	} {
		t.Run(name, func(t *testing.T) {
			tok := linktokentest.Sign(t, s, "some-purpose-2", subject, now.Add(time.Hour))
			if len(tok) > linktoken.MaxLen {
				t.Errorf("token of %d bytes, over MaxLen", len(tok))
			}
			got, err := s.Check(tok, "some-purpose-2", now)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(subject, got); diff != "" {
				t.Errorf("subject (-want +got):\n%s", diff)
			}
			// Valid up to its expiry, to the second.
			if _, err := s.Check(tok, "some-purpose-2", now.Add(time.Hour)); err != nil {
				t.Errorf("at expiry: %v", err)
			}
		})
	}
}

func TestCheckRefuses(t *testing.T) {
	s := mustNew(t, "0123456789abcdef0123456789abcdef", label)
	otherSecret := mustNew(t, "another secret of thirty-two b..", label)
	otherLabel := mustNew(t, "0123456789abcdef0123456789abcdef", "forecourt other tokens v1")
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	good := linktokentest.Sign(t, s, "confirm", "abc", now.Add(time.Hour))
	parts := strings.Split(good, ".")
	flip := func(s string) string {
		b := []byte(s)
		if b[0] == 'A' {
			b[0] = 'B'
		} else {
			b[0] = 'A'
		}
		return string(b)
	}
	cases := []struct {
		name, token, purpose string
		at                   time.Time
		problem              string
	}{
		{"wrong purpose", good, "unsubscribe", now, linktoken.Invalid},
		{"expired", good, "confirm", now.Add(time.Hour + time.Second), linktoken.Expired},
		{"expired long ago", good, "confirm", now.Add(400 * 24 * time.Hour), linktoken.Expired},
		{"expired, wrong purpose", good, "unsubscribe", now.Add(2 * time.Hour), linktoken.Invalid},
		{"tampered subject", strings.Join([]string{parts[0], parts[1], "YWJk", parts[3], parts[4]}, "."), "confirm", now, linktoken.Invalid},
		{"tampered expiry", strings.Join([]string{parts[0], parts[1], parts[2], "zzzzzzz", parts[4]}, "."), "confirm", now, linktoken.Invalid},
		{"purpose relabelled", strings.Join([]string{parts[0], "unsubscribe", parts[2], parts[3], parts[4]}, "."), "unsubscribe", now, linktoken.Invalid},
		{"tampered signature", strings.Join(append(parts[:4:4], flip(parts[4])), "."), "confirm", now, linktoken.Invalid},
		{"signature cut", good[:len(good)-1], "confirm", now, linktoken.Invalid},
		{"another version", "v2" + good[2:], "confirm", now, linktoken.Invalid},
		{"another secret", linktokentest.Sign(t, otherSecret, "confirm", "abc", now.Add(time.Hour)), "confirm", now, linktoken.Invalid},
		{"another label", linktokentest.Sign(t, otherLabel, "confirm", "abc", now.Add(time.Hour)), "confirm", now, linktoken.Invalid},
		{"empty", "", "confirm", now, linktoken.Invalid},
		{"garbage", "v1.confirm", "confirm", now, linktoken.Invalid},
		{"extra part", good + ".x", "confirm", now, linktoken.Invalid},
		{"too long", strings.Repeat("a", 1000), "confirm", now, linktoken.Invalid},
		{"too long, genuine prefix", good + strings.Repeat("a", linktoken.MaxLen), "confirm", now, linktoken.Invalid},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			subject, err := s.Check(c.token, c.purpose, c.at)
			if got := problemOf(err); got != c.problem || subject != "" {
				t.Fatalf("Check = %q, %v; want invalid with token %s", subject, err, c.problem)
			}
		})
	}
}

func TestSignRefuses(t *testing.T) {
	s := mustNew(t, "0123456789abcdef0123456789abcdef", label)
	exp := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	cases := []struct{ name, purpose, subject string }{
		{"no purpose", "", "abc"},
		{"dot in purpose", "con.firm", "abc"},
		{"capital in purpose", "Confirm", "abc"},
		{"long purpose", strings.Repeat("p", linktoken.MaxPurpose+1), "abc"},
		{"long subject", "confirm", strings.Repeat("x", linktoken.MaxSubject+1)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tok, err := s.Sign(c.purpose, c.subject, exp)
			if tok != "" || !errs.Is(err, errs.Internal) {
				t.Fatalf("Sign = %q, %v; want an internal error", tok, err)
			}
		})
	}
}

func TestNewRefuses(t *testing.T) {
	for name, c := range map[string]struct{ secret, label string }{
		"short secret": {"fifteen bytes..", label},
		"no label":     {"0123456789abcdef", ""},
	} {
		t.Run(name, func(t *testing.T) {
			if s, err := linktoken.New([]byte(c.secret), c.label); s != nil || err == nil {
				t.Fatalf("New = %v, %v; want an error", s, err)
			}
		})
	}
}

// TestInvalidError: a caller's refusal of a genuine token reads like Check's.
func TestInvalidError(t *testing.T) {
	s := mustNew(t, "0123456789abcdef0123456789abcdef", label)
	_, want := s.Check("garbage", "confirm", time.Now())
	if diff := cmp.Diff(want, error(linktoken.InvalidError())); diff != "" {
		t.Errorf("(-Check +InvalidError):\n%s", diff)
	}
}
