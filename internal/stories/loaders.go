package stories

import (
	"context"
	"log/slog"
	"strings"

	"forecourt/internal/content"
	"forecourt/internal/page"
)

// Card is a story as the front end shows it: the story with its public URL
// (language prefix included).
type Card struct {
	Story
	URL string `json:"url"`
}

// PageOut is a page of cards, the JSON of the list loader and of the API.
type PageOut struct {
	Items     []Card `json:"items"`
	Total     int    `json:"total"`
	EndCursor string `json:"endCursor"`
	HasNext   bool   `json:"hasNext"`
}

func cards(list []Story, publicPath func(string) string) []Card {
	out := make([]Card, 0, len(list))
	for _, st := range list {
		out = append(out, Card{Story: st, URL: publicPath(st.Path)})
	}
	return out
}

func toPageOut(p *Page, publicPath func(string) string) PageOut {
	return PageOut{Items: cards(p.Items, publicPath), Total: p.Total, EndCursor: p.EndCursor, HasNext: p.HasNext}
}

// ListData is the StoriesList loader output: the first page and what the
// chips and the 'load more' call need.
type ListData struct {
	Index                string  `json:"index"`
	IndexURL             string  `json:"indexUrl"`
	Language             string  `json:"language"`
	ShowDates            bool    `json:"showDates"`
	Layout               string  `json:"layout"`
	HighlightLatestStory bool    `json:"highlightLatestStory"`
	PageSize             int     `json:"pageSize"`
	Tags                 []Tag   `json:"tags"`
	Page                 PageOut `json:"page"`
}

// TeaserData is the StoriesTeaser loader output.
type TeaserData struct {
	IndexURL  string `json:"indexUrl"`
	ShowDates bool   `json:"showDates"`
	Items     []Card `json:"items"`
}

// FooterData is the ArticleFooter loader output.
type FooterData struct {
	Previous *Card  `json:"previous"`
	Next     *Card  `json:"next"`
	BackURL  string `json:"backUrl"`
	// BackTitle is the stories index title.
	BackTitle string `json:"backTitle"`
}

// HeaderData is the StoryHeader loader output.
type HeaderData struct {
	ShowDates     bool   `json:"showDates"`
	Date          string `json:"date"`
	FormattedDate string `json:"formattedDate"`
	Tags          []Tag  `json:"tags"`
	IndexURL      string `json:"indexUrl"`
	IndexTitle    string `json:"indexTitle"`
}

// indexPathOf reads the component's StoriesIndexPage field (a path or a
// link) and falls back to def.
func indexPathOf(c *content.Component, def string) string {
	v := c.Fields.Value("StoriesIndexPage")
	var p string
	switch x := v.(type) {
	case string:
		p = x
	case map[string]any:
		p, _ = x["href"].(string)
	}
	if p == "" {
		return def
	}
	return p
}

// stripLang turns a public path ("/en/nyheter") into an item path.
func stripLang(req *page.Request, p string) string {
	if pre := req.LangPrefix(); pre != "" && (p == pre || strings.HasPrefix(p, pre+"/")) {
		p = strings.TrimPrefix(p, pre)
		if p == "" {
			p = "/"
		}
	}
	return p
}

// ListLoader is the StoriesList loader: the first page (4 stories) under
// the index (the StoriesIndexPage field or the routed item), the tags and
// the display settings. Component fields ShowDates, Layout and
// HighlightLatestStory override the index item's settings when set.
func (s *Service) ListLoader(ctx context.Context, req *page.Request, route *content.Route, c *content.Component) (any, error) {
	index := stripLang(req, indexPathOf(c, route.ItemPath))
	set, err := s.Index(ctx, req.Site.Name, req.Lang, index)
	if err != nil {
		return nil, err
	}
	if _, ok := c.Fields["ShowDates"]; ok {
		set.ShowDates = c.Fields.Bool("ShowDates")
	}
	if _, ok := c.Fields["HighlightLatestStory"]; ok {
		set.HighlightLatestStory = c.Fields.Bool("HighlightLatestStory")
	}
	if l := c.Fields.String("Layout"); l != "" {
		set.Layout = l
	}
	tags, err := s.Tags(ctx, req.Site.Name, req.Lang)
	if err != nil {
		return nil, err
	}
	// The Tags field, when set, limits the chips to those tags.
	if only := SplitTags(c.Fields.String("Tags")); len(only) > 0 {
		keep := map[string]bool{}
		for _, id := range only {
			keep[normID(id)] = true
		}
		var sub []Tag
		for _, t := range tags {
			if keep[normID(t.ID)] || keep[strings.ToLower(t.Key)] {
				sub = append(sub, t)
			}
		}
		tags = sub
	}
	p, err := s.List(ctx, Query{Site: req.Site.Name, Lang: req.Lang, Index: set.Path, Limit: ListPageSize})
	if err != nil {
		return nil, err
	}
	return &ListData{
		Index: set.Path, IndexURL: req.PublicPath(set.Path), Language: req.Lang, ShowDates: set.ShowDates,
		Layout: set.Layout, HighlightLatestStory: set.HighlightLatestStory, PageSize: ListPageSize,
		Tags: tags, Page: toPageOut(p, req.PublicPath),
	}, nil
}

// TeaserLoader is the StoriesTeaser loader: the latest 3 stories of the
// index named by StoriesIndexPage. A failure is logged and gives empty
// data, so the teaser shows nothing and the page still renders.
func (s *Service) TeaserLoader(log *slog.Logger) page.Loader {
	return func(ctx context.Context, req *page.Request, route *content.Route, c *content.Component) (any, error) {
		index := stripLang(req, indexPathOf(c, "/nyheter"))
		out := &TeaserData{IndexURL: req.PublicPath(index), Items: []Card{}}
		set, err := s.Index(ctx, req.Site.Name, req.Lang, index)
		if err == nil {
			out.ShowDates = set.ShowDates
			var p *Page
			p, err = s.List(ctx, Query{Site: req.Site.Name, Lang: req.Lang, Index: set.Path, Limit: TeaserSize})
			if err == nil {
				out.Items = cards(p.Items, req.PublicPath)
			}
		}
		if err != nil {
			log.Error("stories teaser failed", "site", req.Site.Name, "lang", req.Lang, "index", index, "err", err)
			return &TeaserData{Items: []Card{}}, nil
		}
		return out, nil
	}
}

// FooterLoader is the ArticleFooter loader: the previous (newer) and next
// (older) story and the back link. Stories sit one level under their index
// here, so the index is the story's parent (the Sitecore sites keep them
// two levels down, /nyheter/2026/slug, hence the spec's "minus the last
// two segments"). A lookup failure is logged by the assembler and returned.
func (s *Service) FooterLoader(ctx context.Context, req *page.Request, route *content.Route, c *content.Component) (any, error) {
	prev, next, err := s.Neighbours(ctx, req.Site.Name, req.Lang, route.ItemPath)
	if err != nil {
		return nil, err
	}
	index := ParentPath(route.ItemPath)
	out := &FooterData{BackURL: req.PublicPath(index)}
	if set, err := s.Index(ctx, req.Site.Name, req.Lang, index); err == nil {
		out.BackTitle = set.Title
	}
	if prev != nil {
		out.Previous = &Card{Story: *prev, URL: req.PublicPath(prev.Path)}
	}
	if next != nil {
		out.Next = &Card{Story: *next, URL: req.PublicPath(next.Path)}
	}
	return out, nil
}

// HeaderLoader is the StoryHeader loader: the story's tags, its formatted
// date and whether the index shows dates.
func (s *Service) HeaderLoader(ctx context.Context, req *page.Request, route *content.Route, c *content.Component) (any, error) {
	st, err := s.Story(ctx, req.Site.Name, req.Lang, route.ItemPath)
	if err != nil {
		return nil, err
	}
	index := ParentPath(route.ItemPath)
	out := &HeaderData{Date: st.Date, FormattedDate: st.FormattedDate, Tags: st.Tags, IndexURL: req.PublicPath(index)}
	if set, err := s.Index(ctx, req.Site.Name, req.Lang, index); err == nil {
		out.ShowDates, out.IndexTitle = set.ShowDates, set.Title
	}
	return out, nil
}
