// Package cardetail serves the car detail page of the catalogue: its route
// (/<pathToCarDetail>{car_id}/{slug}), the page loaders (the car, its
// dealer, finance, similar cars, the not-found view with recommendations,
// car of the week) and the APIs the page calls (loan calculator, UK quote
// engine, UK extra media).
package cardetail

import (
	"context"
	"strconv"
	"strings"

	"forecourt/internal/content"
	"forecourt/internal/page"
)

// DetailItemPath is the hidden content item that renders every car detail
// page (template CarDetailPage); the path segments after the dictionary's
// pathToCarDetail become its wildcard.
const DetailItemPath = "/_car-detail"

// Rewriter maps "<pathToCarDetail>{car_id}/{slug}" (and every other path
// under that base) onto the detail item, with the segments after the base
// as the route's wildcard. The base list path itself ("/bilar") is left to
// the car list. pathToCarDetail holds the public path, so the language
// prefix ("/en/bilar/") is removed before comparing with the item path.
func Rewriter(itemPath string) page.Rewriter {
	return func(ctx context.Context, req *page.Request, dict content.Dictionary) (string, []string, bool) {
		base := dict["pathToCarDetail"]
		if base == "" {
			return "", nil, false
		}
		if pre := req.LangPrefix(); pre != "" {
			base = strings.TrimPrefix(base, pre)
		}
		if !strings.HasSuffix(base, "/") {
			base += "/"
		}
		if !strings.HasPrefix(req.Path, base) {
			return "", nil, false
		}
		tail := strings.Trim(strings.TrimPrefix(req.Path, base), "/")
		rest := []string{}
		if tail != "" {
			rest = strings.Split(tail, "/")
		}
		return itemPath, rest, true
	}
}

// PathRef is what the detail path says about the car: its id (0 when the
// path has no usable id), the slug it carries, and whether the slug was
// left out (only the id was given).
type PathRef struct {
	ID     int64
	Slug   string
	IDOnly bool
}

// ParsePath reads the wildcard segments of a detail path. The last two
// segments are id and slug; a lone segment is the id. The id must be
// numeric; when the next-to-last segment is not, the last segment is
// treated as the id (spec §2 "Routes", §5).
func ParsePath(segs []string) PathRef {
	switch len(segs) {
	case 0:
		return PathRef{}
	case 1:
		if id, ok := parseID(segs[0]); ok {
			return PathRef{ID: id, IDOnly: true}
		}
		return PathRef{Slug: segs[0]}
	}
	idSeg, slug := segs[len(segs)-2], segs[len(segs)-1]
	if id, ok := parseID(idSeg); ok {
		return PathRef{ID: id, Slug: slug}
	}
	if id, ok := parseID(slug); ok {
		return PathRef{ID: id, Slug: idSeg}
	}
	return PathRef{Slug: slug}
}

func parseID(s string) (int64, bool) {
	if s == "" || len(s) > 18 {
		return 0, false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return 0, false
		}
	}
	id, err := strconv.ParseInt(s, 10, 64)
	return id, err == nil && id > 0
}

// SlugKeyphrase is the recommendations keyphrase of a not-found car: the
// third dash-separated segment of the slug ("volvo-xc60-b4-2024" → "b4"),
// or "" when the slug has fewer segments.
func SlugKeyphrase(slug string) string {
	parts := strings.Split(slug, "-")
	if len(parts) < 3 {
		return ""
	}
	return parts[2]
}
