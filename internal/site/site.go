// Package site is the registry of forecourt's sites: the group sites of each
// country, the brand-store ("carstore") sites and a dealer site. A site is
// picked by the request's host, with SITE_NAME as the default.
package site

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"forecourt/internal/errs"
)

// Kind is the family a site belongs to; some screens vary by it.
type Kind string

const (
	Group    Kind = "group"
	CarStore Kind = "carstore"
	Dealer   Kind = "dealer"
)

// Site is one web site of the group.
type Site struct {
	Name string // e.g. "group-se"
	Kind Kind
	// Country is the ISO 3166 alpha-2 code, e.g. "SE"; "EU" for the EU site.
	Country string
	// Hosts are the host names (without port) that select this site. The
	// first is the canonical host.
	Hosts []string
	// RedirectHosts answer 301 to the canonical host (the www → bare rule).
	RedirectHosts []string
	// Languages are the site's content languages; Languages[0] is the default
	// language, served without a path prefix.
	Languages []string
	// Locales maps a language to its BCP 47 locale for formatting, e.g. "sv" → "sv-SE".
	Locales  map[string]string
	Currency string
	TimeZone *time.Location
	Settings Settings
}

// Settings are the per-site settings editors would set in the CMS.
type Settings struct {
	GTMID   string // tag-manager container id; empty: no tag-manager script
	Favicon string // path of the favicon; empty: the site's brand icon (see Icon)
	// Icon picks a brand icon variant (one of IconNames, e.g. "auction");
	// empty: the variant of the site's country, if it has one.
	Icon string
	// DisplayName is the site's public name, used as og:site_name.
	DisplayName string
	// TitleTemplate formats page titles; "{title}" is replaced.
	TitleTemplate string
}

// DefaultLanguage is the language served without a path prefix.
func (s *Site) DefaultLanguage() string { return s.Languages[0] }

// HasLanguage reports whether lang is one of the site's languages.
func (s *Site) HasLanguage(lang string) bool {
	for _, l := range s.Languages {
		if l == lang {
			return true
		}
	}
	return false
}

// Locale returns the formatting locale of lang, e.g. "sv-SE".
func (s *Site) Locale(lang string) string {
	if l, ok := s.Locales[lang]; ok {
		return l
	}
	return lang
}

// VehiclesIndex is the search index of the site's cars, e.g. "vehicles_group_se".
func (s *Site) VehiclesIndex() string { return "vehicles_" + s.key() }

// SitesIndex is the search index of the site's dealer sites, e.g. "sites_group_se".
func (s *Site) SitesIndex() string { return "sites_" + s.key() }

func (s *Site) key() string { return strings.ReplaceAll(s.Name, "-", "_") }

// IsCarStore reports whether the site is a brand-store site (name contains "carstore").
func (s *Site) IsCarStore() bool { return strings.Contains(s.Name, "carstore") }

// IsUK reports whether the site is the UK site (finance quotes, extra media).
func (s *Site) IsUK() bool { return s.Country == "GB" }

// Registry holds every site, looked up by name, host and index name.
type Registry struct {
	sites   []*Site
	byName  map[string]*Site
	byHost  map[string]*Site
	byIndex map[string]*Site
	def     *Site
}

// New builds a registry of sites with defaultName as the default site. It
// fails with an Invalid error that names defaultName when no site has it.
func New(sites []*Site, defaultName string) (*Registry, error) {
	r := &Registry{byName: map[string]*Site{}, byHost: map[string]*Site{}, byIndex: map[string]*Site{}}
	for _, s := range sites {
		if _, dup := r.byName[s.Name]; dup {
			return nil, fmt.Errorf("site %q defined twice", s.Name)
		}
		r.sites = append(r.sites, s)
		r.byName[s.Name] = s
		r.byIndex[s.VehiclesIndex()] = s
		r.byIndex[s.SitesIndex()] = s
		// Every site is also reachable as <name>.localhost, so that one
		// process serves them all on a developer machine.
		for _, h := range append(append([]string{s.Name + ".localhost"}, s.Hosts...), s.RedirectHosts...) {
			r.byHost[strings.ToLower(h)] = s
		}
	}
	def, ok := r.byName[defaultName]
	if !ok {
		return nil, errs.E(errs.Invalid, "unknown site name %q (known: %s)", defaultName, strings.Join(r.Names(), ", "))
	}
	r.def = def
	return r, nil
}

// Default returns the default site (SITE_NAME).
func (r *Registry) Default() *Site { return r.def }

// All returns every site in registry order.
func (r *Registry) All() []*Site { return r.sites }

// Names returns the sorted site names.
func (r *Registry) Names() []string {
	out := make([]string, 0, len(r.sites))
	for _, s := range r.sites {
		out = append(out, s.Name)
	}
	sort.Strings(out)
	return out
}

// ByName returns the named site or a NotFound error naming it.
func (r *Registry) ByName(name string) (*Site, error) {
	if s, ok := r.byName[name]; ok {
		return s, nil
	}
	return nil, errs.E(errs.NotFound, "unknown site name %q", name)
}

// ByIndex returns the site that owns a search index name such as
// "vehicles_group_se", or a NotFound error.
func (r *Registry) ByIndex(index string) (*Site, error) {
	if s, ok := r.byIndex[index]; ok {
		return s, nil
	}
	return nil, errs.E(errs.NotFound, "unknown index %q", index)
}

// ForHost returns the site for a request host (port ignored) and whether
// the host is one that must be redirected to the site's canonical host.
// Unknown hosts get the default site.
func (r *Registry) ForHost(host string) (s *Site, redirect bool) {
	h := strings.ToLower(host)
	if i := strings.LastIndexByte(h, ':'); i >= 0 && !strings.Contains(h[i:], "]") {
		h = h[:i]
	}
	s, ok := r.byHost[h]
	if !ok {
		return r.def, false
	}
	for _, rh := range s.RedirectHosts {
		if rh == h {
			return s, true
		}
	}
	return s, false
}
