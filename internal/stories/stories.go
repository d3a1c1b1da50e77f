// Package stories lists the stories (news articles) of a site: the paged,
// tag-filtered list under a stories index, the latest stories for a teaser,
// the previous and next article of a story and the story tags. It reads
// the content source only, so it works with files and with Experience Edge.
package stories

import (
	"context"
	"encoding/base64"
	"sort"
	"strings"
	"sync"
	"time"

	"forecourt/internal/content"
	"forecourt/internal/errs"
)

// Templates and constants of the spec.
const (
	StoryTemplate     = "StoryPage"
	IndexTemplate     = "StoriesIndex"
	TagTemplate       = "StoryTag"
	ListPageSize      = 4 // stories list page size
	TeaserSize        = 3 // stories teaser size
	MaxLimit          = 24
	TagSeparator      = "|"
	DefaultTagsFolder = "/story-tags"
)

// Image is a story's image.
type Image struct {
	Src    string `json:"src"`
	Alt    string `json:"alt"`
	Width  int    `json:"width,omitempty"`
	Height int    `json:"height,omitempty"`
}

// Tag is a story tag: ID is the item id used in story tag fields, Key a
// stable slug, Value the display text in the requested language.
type Tag struct {
	ID    string `json:"id"`
	Key   string `json:"key"`
	Value string `json:"value"`
}

// Story is one story as listed.
type Story struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Path is the site-relative item path ("/nyheter/ny-anlaggning").
	Path          string `json:"path"`
	Title         string `json:"title"`
	Intro         string `json:"intro"`
	Date          string `json:"date"` // YYYY-MM-DD
	FormattedDate string `json:"formattedDate"`
	Image         *Image `json:"image,omitempty"`
	Tags          []Tag  `json:"tags"`
	date          time.Time
}

// Page is one page of a stories list.
type Page struct {
	Items     []Story `json:"items"`
	Total     int     `json:"total"`
	EndCursor string  `json:"endCursor"`
	HasNext   bool    `json:"hasNext"`
}

// Query asks for a page of stories under Index. Tags is an OR filter of
// tag ids or keys (empty: all stories). Cursor is the EndCursor of the
// previous page ("" for the first page).
type Query struct {
	Site, Lang, Index string
	Tags              []string
	Cursor            string
	Limit             int
}

// IndexSettings are the display settings of a stories index item.
type IndexSettings struct {
	Path                 string `json:"path"`
	Title                string `json:"title"`
	ShowDates            bool   `json:"showDates"`
	Layout               string `json:"layout"`
	HighlightLatestStory bool   `json:"highlightLatestStory"`
}

// Service reads stories from a content source.
type Service struct {
	Content content.Source
	// TagsFolder is the item path of the tags folder (default "/story-tags").
	TagsFolder string
	// CacheFor keeps a stories index's sorted list this long (0: no
	// caching). The teaser and the list ask on every page view; published
	// edits show after at most this delay.
	CacheFor time.Duration

	mu    sync.Mutex
	cache map[string]cachedStories
}

type cachedStories struct {
	at      time.Time
	stories []Story
}

func (s *Service) tagsFolder() string {
	if s.TagsFolder != "" {
		return s.TagsFolder
	}
	return DefaultTagsFolder
}

// Tags lists the tags of the site's tags folder in lang, in folder order.
// A site without a tags folder has no tags (nil, nil is not returned: an
// empty list is).
func (s *Service) Tags(ctx context.Context, site, lang string) ([]Tag, error) {
	refs, err := s.Content.Children(ctx, site, lang, s.tagsFolder())
	if errs.Is(err, errs.NotFound) {
		return []Tag{}, nil
	}
	if err != nil {
		return nil, errs.Wrap(err, "story tags")
	}
	out := []Tag{}
	for _, r := range refs {
		if r.TemplateName != TagTemplate {
			continue
		}
		f := r.Fields[lang]
		key := f.String("key")
		if key == "" {
			key = lastSegment(r.Path)
		}
		val := f.String("value")
		if val == "" {
			val = key
		}
		out = append(out, Tag{ID: r.ID, Key: key, Value: val})
	}
	return out, nil
}

// Index returns the settings of the stories index item at path.
// Errors: NotFound when there is no item.
func (s *Service) Index(ctx context.Context, site, lang, path string) (*IndexSettings, error) {
	r, err := s.Content.Route(ctx, site, lang, path)
	if err != nil {
		return nil, err
	}
	title := r.Fields.String("title")
	if title == "" {
		title = r.Fields.String("navTitle")
	}
	return &IndexSettings{
		Path: r.ItemPath, Title: title, ShowDates: r.Fields.Bool("showDates"),
		Layout: r.Fields.String("layout"), HighlightLatestStory: r.Fields.Bool("highlightLatestStory"),
	}, nil
}

// all returns every story under index in lang, newest first (ties by path).
// Callers must not modify the returned slice.
func (s *Service) all(ctx context.Context, site, lang, index string) ([]Story, error) {
	if s.CacheFor <= 0 {
		return s.load(ctx, site, lang, index)
	}
	key := site + "\x00" + lang + "\x00" + index
	s.mu.Lock()
	c, ok := s.cache[key]
	s.mu.Unlock()
	if ok && time.Since(c.at) < s.CacheFor {
		return c.stories, nil
	}
	list, err := s.load(ctx, site, lang, index)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	if s.cache == nil {
		s.cache = map[string]cachedStories{}
	}
	s.cache[key] = cachedStories{at: time.Now(), stories: list}
	s.mu.Unlock()
	return list, nil
}

func (s *Service) load(ctx context.Context, site, lang, index string) ([]Story, error) {
	refs, err := s.Content.Children(ctx, site, lang, index)
	if err != nil {
		if errs.Is(err, errs.NotFound) {
			return nil, errs.E(errs.NotFound, "no stories index at %s", index)
		}
		return nil, errs.Wrap(err, "stories under %s", index)
	}
	tags, err := s.Tags(ctx, site, lang)
	if err != nil {
		return nil, err
	}
	byID := map[string]Tag{}
	for _, t := range tags {
		byID[normID(t.ID)] = t
	}
	var out []Story
	for _, r := range refs {
		if r.TemplateName != StoryTemplate {
			continue
		}
		out = append(out, toStory(r, lang, byID))
	}
	sort.SliceStable(out, func(i, j int) bool { return before(out[i], out[j]) })
	return out, nil
}

// before orders stories newest first, then by path for a stable order.
func before(a, b Story) bool {
	if !a.date.Equal(b.date) {
		return a.date.After(b.date)
	}
	return a.Path < b.Path
}

func toStory(r content.ItemRef, lang string, tags map[string]Tag) Story {
	f := r.Fields[lang]
	st := Story{ID: r.ID, Name: lastSegment(r.Path), Path: r.Path, Title: f.String("title"), Intro: f.String("premble"), Tags: []Tag{}}
	if st.Title == "" {
		st.Title = f.String("navTitle")
	}
	st.date = ParseDate(f.String("date"))
	if !st.date.IsZero() {
		st.Date = st.date.Format("2006-01-02")
		st.FormattedDate = FormatDate(st.date, lang)
	}
	if m, ok := f.Value("image").(map[string]any); ok {
		if src, _ := m["src"].(string); src != "" {
			alt, _ := m["alt"].(string)
			st.Image = &Image{Src: src, Alt: alt, Width: toInt(m["width"]), Height: toInt(m["height"])}
		}
	}
	for _, id := range SplitTags(f.String("tags")) {
		if t, ok := tags[normID(id)]; ok {
			st.Tags = append(st.Tags, t)
		}
	}
	return st
}

// SplitTags splits a tags field "{id1}|{id2}" into ids without braces.
func SplitTags(v string) []string {
	var out []string
	for _, p := range strings.Split(v, TagSeparator) {
		p = strings.TrimSpace(strings.Trim(strings.TrimSpace(p), "{}"))
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}

func normID(id string) string { return strings.ToLower(strings.Trim(id, "{} ")) }

// List returns one page of the stories under q.Index that carry any of
// q.Tags (by id or key), newest first. Errors: Invalid for a bad cursor or
// limit, NotFound for a missing index.
func (s *Service) List(ctx context.Context, q Query) (*Page, error) {
	if q.Limit <= 0 {
		q.Limit = ListPageSize
	}
	if q.Limit > MaxLimit {
		return nil, errs.E(errs.Invalid, "limit must be between 1 and %d", MaxLimit)
	}
	var after *cursorKey
	if q.Cursor != "" {
		k, err := decodeCursor(q.Cursor)
		if err != nil {
			return nil, err
		}
		after = &k
	}
	all, err := s.all(ctx, q.Site, q.Lang, q.Index)
	if err != nil {
		return nil, err
	}
	want := map[string]bool{}
	for _, t := range q.Tags {
		want[normID(t)] = true
	}
	var matched []Story
	for _, st := range all {
		if len(want) == 0 || hasAnyTag(st, want) {
			matched = append(matched, st)
		}
	}
	start := 0
	if after != nil {
		start = len(matched)
		key := Story{date: after.date, Path: after.path}
		for i, st := range matched {
			if before(key, st) {
				start = i
				break
			}
		}
	}
	end := start + q.Limit
	if end > len(matched) {
		end = len(matched)
	}
	p := &Page{Items: append([]Story{}, matched[start:end]...), Total: len(matched), HasNext: end < len(matched)}
	if end > start {
		p.EndCursor = encodeCursor(matched[end-1])
	} else {
		p.EndCursor = q.Cursor
	}
	return p, nil
}

func hasAnyTag(st Story, want map[string]bool) bool {
	for _, t := range st.Tags {
		if want[normID(t.ID)] || want[strings.ToLower(t.Key)] {
			return true
		}
	}
	return false
}

// Neighbours returns the stories next to the one at path in its index's
// date order (newest first): Previous is the newer story, Next the older
// one; either is nil at the ends. Errors: NotFound when path is not a
// story of its parent item.
func (s *Service) Neighbours(ctx context.Context, site, lang, path string) (prev, next *Story, err error) {
	all, err := s.all(ctx, site, lang, ParentPath(path))
	if err != nil {
		return nil, nil, err
	}
	for i, st := range all {
		if !strings.EqualFold(st.Path, path) {
			continue
		}
		if i > 0 {
			p := all[i-1]
			prev = &p
		}
		if i+1 < len(all) {
			n := all[i+1]
			next = &n
		}
		return prev, next, nil
	}
	return nil, nil, errs.E(errs.NotFound, "no story at %s", path)
}

// Story returns the story at path with its tags resolved.
func (s *Service) Story(ctx context.Context, site, lang, path string) (*Story, error) {
	all, err := s.all(ctx, site, lang, ParentPath(path))
	if err != nil {
		return nil, err
	}
	for _, st := range all {
		if strings.EqualFold(st.Path, path) {
			return &st, nil
		}
	}
	return nil, errs.E(errs.NotFound, "no story at %s", path)
}

// ParentPath returns the item path one level up ("/a/b" → "/a", "/a" → "/").
func ParentPath(p string) string {
	p = strings.TrimRight(p, "/")
	i := strings.LastIndex(p, "/")
	if i <= 0 {
		return "/"
	}
	return p[:i]
}

func lastSegment(p string) string { return p[strings.LastIndex(p, "/")+1:] }

type cursorKey struct {
	date time.Time
	path string
}

// The cursor names the last story of a page (its date and path), so pages
// stay stable when stories are added before it.
func encodeCursor(st Story) string {
	return base64.RawURLEncoding.EncodeToString([]byte(st.date.Format("2006-01-02") + "|" + st.Path))
}

func decodeCursor(c string) (cursorKey, error) {
	bad := errs.E(errs.Invalid, "cursor %q is not a cursor from this list; start again without one", c)
	b, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil {
		return cursorKey{}, bad
	}
	d, p, ok := strings.Cut(string(b), "|")
	if !ok || !strings.HasPrefix(p, "/") {
		return cursorKey{}, bad
	}
	t, err := time.Parse("2006-01-02", d)
	if err != nil {
		return cursorKey{}, bad
	}
	return cursorKey{date: t, path: p}, nil
}

// ParseDate reads a story date: "2026-11-12", RFC 3339 or Sitecore's
// "20261112T000000Z". The zero time when unreadable.
func ParseDate(v string) time.Time {
	for _, layout := range []string{time.RFC3339, "2006-01-02", "20060102T150405Z"} {
		if t, err := time.Parse(layout, v); err == nil {
			return t.UTC().Truncate(24 * time.Hour)
		}
	}
	return time.Time{}
}

var months = map[string][12]string{
	"sv": {"januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti", "september", "oktober", "november", "december"},
	"en": {"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"},
}

// FormatDate writes "12 november 2026" (sv) or "12 November 2026" (en and
// other languages).
func FormatDate(t time.Time, lang string) string {
	m, ok := months[lang]
	if !ok {
		m = months["en"]
	}
	return itoa(t.Day()) + " " + m[t.Month()-1] + " " + itoa(t.Year())
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [12]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}

func toInt(v any) int {
	switch x := v.(type) {
	case int:
		return x
	case float64:
		return int(x)
	case int64:
		return int(x)
	}
	return 0
}
