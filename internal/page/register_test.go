package page

import (
	"context"
	"strings"
	"testing"

	"forecourt/internal/content"
)

// mustPanic runs f and returns the panic's message; the test fails when f
// does not panic.
func mustPanic(t *testing.T, f func()) (msg string) {
	t.Helper()
	defer func() {
		r := recover()
		if r == nil {
			t.Fatal("no panic: a second registration was accepted")
		}
		msg, _ = r.(string)
	}()
	f()
	return ""
}

// A second loader of one component is refused at registration instead of
// silently replacing the first, and the first stays the one that runs.
func TestRegisterRefusesSecondLoader(t *testing.T) {
	a := &Assembler{}
	first := func(context.Context, *Request, *content.Route, *content.Component) (any, error) { return "first", nil }
	second := func(context.Context, *Request, *content.Route, *content.Component) (any, error) { return "second", nil }
	a.Register("HeroBanner", first)
	a.Register("SocialSharing", second) // another component is fine
	msg := mustPanic(t, func() { a.Register("HeroBanner", second) })
	if !strings.Contains(msg, `"HeroBanner"`) {
		t.Errorf("panic %q does not name the component", msg)
	}
	if v, _ := a.loader("HeroBanner")(context.Background(), nil, nil, nil); v != "first" {
		t.Errorf("HeroBanner's loader answers %v after the refused registration, want the first", v)
	}
}

// A second rewriter of one name is refused; rewriters of other names are
// asked in the order added.
func TestRewriteRefusesSecondOfOneName(t *testing.T) {
	a := &Assembler{}
	pass := func(context.Context, *Request, content.Dictionary) (string, []string, bool) { return "", nil, false }
	a.Rewrite("car-list", pass)
	a.Rewrite("car-detail", pass)
	msg := mustPanic(t, func() { a.Rewrite("car-list", pass) })
	if !strings.Contains(msg, `"car-list"`) {
		t.Errorf("panic %q does not name the rewriter", msg)
	}
	var names []string
	for _, r := range a.rewriters {
		names = append(names, r.name)
	}
	if got := strings.Join(names, ","); got != "car-list,car-detail" {
		t.Errorf("rewriters %s, want car-list,car-detail", got)
	}
}
