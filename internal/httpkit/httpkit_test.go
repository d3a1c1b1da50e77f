package httpkit_test

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"forecourt/internal/errs"
	"forecourt/internal/httpkit"
)

func TestStatusOf(t *testing.T) {
	for code, want := range map[errs.Code]int{
		errs.Invalid: 400, errs.Unauthorized: 401, errs.Forbidden: 403, errs.NotFound: 404, errs.Conflict: 409,
		errs.TooLarge: 413, errs.UnsupportedMediaType: 415, errs.RateLimited: 429, errs.Internal: 500, errs.Unavailable: 503,
	} {
		if got := httpkit.StatusOf(code); got != want {
			t.Errorf("StatusOf(%s) = %d, want %d", code, got, want)
		}
	}
}

// TestDecodeJSON: the bound holds whether or not the client declares the
// length, and each failure is told apart.
func TestDecodeJSON(t *testing.T) {
	type in struct {
		A int `json:"a"`
	}
	for _, tc := range []struct {
		name, body string
		chunked    bool
		want       error
	}{
		{"good", `{"a":1}`, false, nil},
		{"too large, declared", `{"a":1}` + strings.Repeat(" ", 64), false, nil},
		{"too large, chunked", `{"a":1}` + strings.Repeat(" ", 64), true, nil},
		{"unknown field", `{"b":1}`, false, httpkit.ErrMalformedJSON},
		{"two values", `{"a":1}{"a":2}`, false, httpkit.ErrMalformedJSON},
		{"not JSON", `a=1`, false, httpkit.ErrMalformedJSON},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest("POST", "/", strings.NewReader(tc.body))
			if tc.chunked {
				r.ContentLength = -1
			}
			var v in
			err := httpkit.DecodeJSON(httptest.NewRecorder(), r, 32, &v)
			switch {
			case strings.HasPrefix(tc.name, "too large"):
				if !errs.Is(err, errs.TooLarge) {
					t.Fatalf("err = %v, want TooLarge", err)
				}
			case tc.want == nil:
				if err != nil || v.A != 1 {
					t.Fatalf("err = %v, v = %+v", err, v)
				}
			case !errors.Is(err, tc.want):
				t.Fatalf("err = %v, want %v", err, tc.want)
			}
		})
	}
}

func TestWriteJSONCompresses(t *testing.T) {
	big := map[string]string{"text": strings.Repeat("forecourt ", 400)}
	for _, ae := range []string{"", "gzip", "br, gzip"} {
		r := httptest.NewRequest("GET", "/", nil)
		r.Header.Set("Accept-Encoding", ae)
		w := httptest.NewRecorder()
		if err := httpkit.WriteJSON(w, r, http.StatusAccepted, big); err != nil {
			t.Fatal(err)
		}
		want := map[string]string{"": "", "gzip": "gzip", "br, gzip": "br"}[ae]
		if w.Code != http.StatusAccepted || w.Header().Get("Content-Encoding") != want || !strings.HasPrefix(w.Header().Get("Content-Type"), "application/json") {
			t.Errorf("Accept-Encoding %q: %d %q %q", ae, w.Code, w.Header().Get("Content-Encoding"), w.Header().Get("Content-Type"))
		}
	}
}

func TestErrorBodyOf(t *testing.T) {
	b := httpkit.ErrorBodyOf((errs.FieldErrors{"email": "is not an e-mail address"}).Err("The form is not valid."))
	if b.Error.Code != errs.Invalid || b.Error.Fields["email"] == "" || b.Error.Message != "The form is not valid." {
		t.Errorf("%+v", b)
	}
	if b := httpkit.ErrorBodyOf(errors.New("secret detail")); b.Error.Code != errs.Internal || strings.Contains(b.Error.Message, "secret") {
		t.Errorf("an internal error leaks: %+v", b)
	}
}
