// Package content is forecourt's content model and its sources. Routes are
// returned in the Sitecore Layout Service shape, so the front end and the
// loaders read one model whichever source (files or Experience Edge) is used.
package content

import (
	"context"
	"encoding/json"
	"strings"
	"time"
)

// Fields maps a field name to its wrapped value: {"value": …} for text,
// numbers and booleans, {"value": {src, alt, width, height}} for images,
// {"value": {href, text, target, title, linktype}} for links. Some fields
// (multilists) hold lists of items instead.
type Fields map[string]any

// Value returns the unwrapped value of field name, or nil.
func (f Fields) Value(name string) any {
	v, ok := f[name]
	if !ok {
		return nil
	}
	if m, ok := v.(map[string]any); ok {
		if inner, ok := m["value"]; ok {
			return inner
		}
	}
	return v
}

// String returns the field's value as text ("" when absent or not text).
func (f Fields) String(name string) string {
	switch v := f.Value(name).(type) {
	case string:
		return v
	case bool:
		if v {
			return "1"
		}
		return ""
	case int:
		return itoa(int64(v))
	case int64:
		return itoa(v)
	case float64:
		return strings.TrimSuffix(strings.TrimRight(ftoa(v), "0"), ".")
	}
	return ""
}

// Bool reads a checkbox field: true, "1" and "true" are set.
func (f Fields) Bool(name string) bool {
	switch v := f.Value(name).(type) {
	case bool:
		return v
	case string:
		return v == "1" || strings.EqualFold(v, "true")
	case int:
		return v != 0
	case float64:
		return v != 0
	}
	return false
}

// Image returns the src of an image field ("" when absent).
func (f Fields) Image(name string) (src string, alt string) {
	if m, ok := f.Value(name).(map[string]any); ok {
		src, _ = m["src"].(string)
		alt, _ = m["alt"].(string)
	}
	return src, alt
}

// Component is one rendering in a placeholder.
type Component struct {
	UID           string                 `json:"uid"`
	ComponentName string                 `json:"componentName"`
	DataSource    string                 `json:"dataSource,omitempty"`
	Params        map[string]string      `json:"params"`
	Fields        Fields                 `json:"fields"`
	Placeholders  map[string][]Component `json:"placeholders,omitempty"`
}

// Route is the routed item with its layout.
type Route struct {
	Name         string                 `json:"name"`
	DisplayName  string                 `json:"displayName"`
	ItemID       string                 `json:"itemId"`
	TemplateName string                 `json:"templateName"`
	ItemLanguage string                 `json:"itemLanguage"`
	ItemPath     string                 `json:"itemPath"`
	Fields       Fields                 `json:"fields"`
	Placeholders map[string][]Component `json:"placeholders"`
	// Updated is when the item last changed, for the sitemap and ETags.
	Updated time.Time `json:"-"`
	// Wildcard holds the path segments matched by "*" items, outermost first.
	Wildcard []string `json:"wildcard,omitempty"`
}

// Context is the Layout Service context block.
type Context struct {
	PageEditing bool        `json:"pageEditing"`
	Site        ContextSite `json:"site"`
	Language    string      `json:"language"`
	ItemPath    string      `json:"itemPath"`
}

// ContextSite names the site in the context block.
type ContextSite struct {
	Name string `json:"name"`
}

// LayoutData is the whole Layout Service answer for a route.
type LayoutData struct {
	Sitecore struct {
		Context Context `json:"context"`
		Route   *Route  `json:"route"`
	} `json:"sitecore"`
}

// Dictionary is the translation table of a site and language.
type Dictionary map[string]string

// T returns the translation of key, or key itself when missing so a gap is
// visible rather than blank.
func (d Dictionary) T(key string) string {
	if v, ok := d[key]; ok {
		return v
	}
	return key
}

// NavItem is one entry of the navigation tree (three levels deep).
type NavItem struct {
	ID                                 string    `json:"id"`
	Name                               string    `json:"name"`
	Path                               string    `json:"path"`
	NavigationTitle                    string    `json:"navigationTitle"`
	HideInNavigation                   bool      `json:"hideInNavigation"`
	IsNavigableInMenuWhenItHasChildren bool      `json:"isNavigableInMenuWhenItHasChildren"`
	ExternalLink                       string    `json:"externalLink,omitempty"`
	Children                           []NavItem `json:"children,omitempty"`
}

// Language describes a content language of a site and the URL of the
// current page in it.
type Language struct {
	Name        string `json:"name"`
	DisplayName string `json:"displayName"`
	EnglishName string `json:"englishName"`
	NativeName  string `json:"nativeName"`
	URL         string `json:"url"`
}

// ItemRef is an item as listed for the sitemap and for child lookups.
type ItemRef struct {
	ID           string
	Path         string
	TemplateName string
	Languages    []string
	Updated      time.Time
	Fields       map[string]Fields // by language
}

// Source is a content source. Paths are site-relative item paths ("/",
// "/om-oss"). Errors: NotFound when no item matches.
type Source interface {
	// Route returns the routed item for path in lang, resolving "*" items.
	Route(ctx context.Context, site, lang, path string) (*Route, error)
	// Dictionary returns the site's dictionary for lang.
	Dictionary(ctx context.Context, site, lang string) (Dictionary, error)
	// Navigation returns the tree under root (usually "/"), three levels deep,
	// hidden items included (the caller filters by hideInNavigation).
	Navigation(ctx context.Context, site, lang, root string) ([]NavItem, error)
	// Items lists every routable item of the site (no "*" items).
	Items(ctx context.Context, site string) ([]ItemRef, error)
	// Children lists the direct children of path in lang, newest first by
	// their "date" field when they have one.
	Children(ctx context.Context, site, lang, path string) ([]ItemRef, error)
}

// MarshalFields is used by tests and the edge source to compare fields.
func MarshalFields(f Fields) string {
	b, _ := json.Marshal(f)
	return string(b)
}
