package errs_test

import (
	"encoding/json"
	"strings"
	"testing"

	"forecourt/internal/errs"
)

// TestJSONProblemHasNoGoNames: decoding errors shown to clients name JSON
// types, never Go ones (probe: "Go value of type search.wireQuery").
func TestJSONProblemHasNoGoNames(t *testing.T) {
	type inner struct{ N int }
	type body struct {
		Limit *int
		In    inner
		List  []string
	}
	for _, in := range []string{`[]`, `"x"`, `{"Limit":"a"}`, `{"In":{"N":"x"}}`, `{"List":{}}`, `{`, ``, `{"a":1}x`, `{"Limit":1e999}`} {
		var v body
		err := json.Unmarshal([]byte(in), &v)
		if err == nil {
			continue
		}
		got := errs.JSONProblem(err)
		for _, bad := range []string{"Go ", "struct", "errs_test", "body", "int", "json:"} {
			if strings.Contains(got, bad) && !strings.Contains(got, "the body") {
				t.Errorf("JSONProblem(%q) = %q names %q", in, got, bad)
			}
		}
	}
	var v struct{ A int }
	dec := json.NewDecoder(strings.NewReader(`{"B":1}`))
	dec.DisallowUnknownFields()
	if got := errs.JSONProblem(dec.Decode(&v)); got != `unknown field "B"` {
		t.Errorf("unknown field: %q", got)
	}
}
