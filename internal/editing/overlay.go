package editing

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"forecourt/internal/content"
)

type draftsKey struct{}

// WithDrafts marks ctx as an editor's request: the overlay shows drafts.
// Only the web layer calls it, after checking the editor's session.
func WithDrafts(ctx context.Context) context.Context {
	return context.WithValue(ctx, draftsKey{}, true)
}

// DraftsFrom reports whether ctx is an editor's request.
func DraftsFrom(ctx context.Context) bool {
	v, _ := ctx.Value(draftsKey{}).(bool)
	return v
}

// Overlay is a content.Source that puts edited field values over another
// source's routes: published edits for everyone, drafts for editors (see
// WithDrafts). Published overrides are cached for TTL per site and language
// and dropped at once when this process publishes.
type Overlay struct {
	content.Source
	Store *Store
	TTL   time.Duration
	Log   *slog.Logger

	mu    sync.Mutex
	cache map[string]cachedOverrides
}

type cachedOverrides struct {
	at time.Time
	o  Overrides
}

// NewOverlay decorates src with the edits in st.
func NewOverlay(src content.Source, st *Store) *Overlay {
	return &Overlay{Source: src, Store: st, TTL: 5 * time.Second, cache: map[string]cachedOverrides{}}
}

// Invalidate drops the cached published overrides of site and lang.
func (o *Overlay) Invalidate(site, lang string) {
	o.mu.Lock()
	delete(o.cache, site+"\x00"+lang)
	o.mu.Unlock()
}

func (o *Overlay) overrides(ctx context.Context, site, lang string) (Overrides, error) {
	if DraftsFrom(ctx) {
		return o.Store.Overrides(ctx, site, lang, true)
	}
	key := site + "\x00" + lang
	o.mu.Lock()
	c, ok := o.cache[key]
	o.mu.Unlock()
	if ok && time.Since(c.at) < o.TTL {
		return c.o, nil
	}
	ov, err := o.Store.Overrides(ctx, site, lang, false)
	if err != nil {
		return nil, err
	}
	o.mu.Lock()
	o.cache[key] = cachedOverrides{at: time.Now(), o: ov}
	o.mu.Unlock()
	return ov, nil
}

// Route implements content.Source: the underlying route with the edited
// fields of the page item and of its components replaced. The underlying
// route is copied, never changed (the edge source caches its routes).
func (o *Overlay) Route(ctx context.Context, site, lang, path string) (*content.Route, error) {
	r, err := o.Source.Route(ctx, site, lang, path)
	if err != nil {
		return nil, err
	}
	ov, err := o.overrides(ctx, site, lang)
	if err != nil {
		// Content without the edits beats no content: log and go on.
		o.logger().Error("editing overlay unavailable; serving content without edits", "site", site, "lang", lang, "err", err)
		return r, nil
	}
	if len(ov) == 0 {
		return r, nil
	}
	return Apply(r, ov), nil
}

func (o *Overlay) logger() *slog.Logger {
	if o.Log != nil {
		return o.Log
	}
	return slog.Default()
}

// Apply returns a copy of r with the overrides applied.
func Apply(r *content.Route, ov Overrides) *content.Route {
	out := *r
	out.Fields = applyFields(r.Fields, ov["item:"+r.ItemID])
	out.Placeholders = applyPlaceholders(r.Placeholders, ov)
	return &out
}

func applyPlaceholders(ph map[string][]content.Component, ov Overrides) map[string][]content.Component {
	if ph == nil {
		return nil
	}
	out := make(map[string][]content.Component, len(ph))
	for name, list := range ph {
		cl := make([]content.Component, len(list))
		for i, c := range list {
			c.Fields = applyFields(c.Fields, ov[TargetOf("", c.UID, c.DataSource)])
			c.Placeholders = applyPlaceholders(c.Placeholders, ov)
			cl[i] = c
		}
		out[name] = cl
	}
	return out
}

func applyFields(f content.Fields, ov map[string]Override) content.Fields {
	if len(ov) == 0 {
		return f
	}
	out := make(content.Fields, len(f)+len(ov))
	for k, v := range f {
		out[k] = v
	}
	for name, o := range ov {
		out[name] = map[string]any{"value": merged(f.Value(name), o)}
	}
	return out
}

// merged keeps what an edit does not set: an image keeps its width,
// height and type when only the alt text changes.
func merged(old any, o Override) any {
	nv, ok := o.Value.(map[string]any)
	om, ok2 := old.(map[string]any)
	if !ok || !ok2 {
		return o.Value
	}
	out := map[string]any{}
	if o.Kind == KindImage && om["src"] != nv["src"] {
		return nv // another picture: its old size does not apply
	}
	for k, v := range om {
		out[k] = v
	}
	for k, v := range nv {
		out[k] = v
	}
	return out
}
