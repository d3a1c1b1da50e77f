package content

import "context"

// Story is one story (news article) page as the stories list shows it.
type Story struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	DisplayName string `json:"displayName"`
	// Path is the site-relative URL path of the story.
	Path string `json:"path"`
	// Date is the story's date field: Value as stored (ISO), DateValue in
	// Unix milliseconds, Formatted as the source formats it for display.
	Date    StoryDate `json:"date"`
	Title   string    `json:"title"`
	Premble string    `json:"premble"`
	Image   *Image    `json:"image,omitempty"`
	// Tags are the ids of the story's tags (the source field is pipe-separated ids in braces).
	Tags       []string `json:"tags"`
	TemplateID string   `json:"templateId,omitempty"`
}

// StoryDate is a story's date in the shapes the front end reads.
type StoryDate struct {
	Value     string `json:"value"`
	DateValue int64  `json:"dateValue"`
	Formatted string `json:"formattedDateValue"`
}

// Image is an image field's value.
type Image struct {
	Src    string `json:"src"`
	Alt    string `json:"alt"`
	Width  int    `json:"width,omitempty"`
	Height int    `json:"height,omitempty"`
}

// StoriesIndex is the settings of a stories index (list) page.
type StoriesIndex struct {
	ShowDates            bool   `json:"showDates"`
	Layout               string `json:"layout"`
	HighlightLatestStory bool   `json:"highlightLatestStory"`
}

// StoriesPage is one page of a stories list, newest first.
type StoriesPage struct {
	Index     StoriesIndex `json:"index"`
	Stories   []Story      `json:"stories"`
	Total     int          `json:"total"`
	EndCursor string       `json:"endCursor"`
	HasNext   bool         `json:"hasNext"`
}

// StoryTag is a tag a story can carry; Key is its stable key, Value the label.
type StoryTag struct {
	ID    string `json:"id"`
	Key   string `json:"key"`
	Value string `json:"value"`
}

// Page sizes of the stories list and teaser.
const (
	StoriesPageSize   = 4
	StoriesTeaserSize = 3
)

// StorySource is what the stories feature needs of a content source. The
// Experience Edge source implements it (edge.go); the file source's
// implementation belongs to the stories feature.
type StorySource interface {
	// StoriesList returns up to limit stories under the stories index at
	// itemPath (site-relative) in lang, newest first, after cursor ("" for
	// the first page). tags filters with OR (a story with any of them);
	// empty means all. Errors: NotFound when there is no such index.
	StoriesList(ctx context.Context, site, lang, index string, tags []string, cursor string, limit int) (*StoriesPage, error)
	// Tags returns the site's story tags.
	Tags(ctx context.Context, site string) ([]StoryTag, error)
	// PrevNext returns the URL paths of the previous (newer) and next
	// (older) story beside the story at itemPath; "" where there is none.
	PrevNext(ctx context.Context, site, lang, itemPath string) (prev, next string, err error)
}
