package editing

import (
	"encoding/json"
	"net/url"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/microcosm-cc/bluemonday"

	"forecourt/internal/errs"
)

// Kind is the kind of an editable field.
type Kind string

const (
	KindText  Kind = "text"
	KindRich  Kind = "rich"
	KindImage Kind = "image"
	KindLink  Kind = "link"
)

// Limits of edited values (characters).
const (
	MaxText     = 500
	MaxRich     = 20000
	MaxAlt      = 300
	MaxHref     = 2048
	MaxLinkText = 200
)

// Edit is one validated field change: the field of a page item, of a
// component's datasource or of a component without one.
type Edit struct {
	Site string
	// ItemID is the page item the edit was made on; Publish works per page.
	ItemID     string
	UID        string
	DataSource string
	Lang       string
	Field      string
	Kind       Kind
	// Value is a string (text, rich) or a map (image {src, alt}; link
	// {href, text, target, title, linktype}), sanitised.
	Value any
}

// Target is the key the overlay finds the field by: the datasource when
// the component has one (edits show wherever it is used), else the
// component uid, else the page item.
func (e Edit) Target() string {
	return TargetOf(e.ItemID, e.UID, e.DataSource)
}

// TargetOf is Edit.Target for loose values.
func TargetOf(itemID, uid, dataSource string) string {
	switch {
	case dataSource != "":
		return "ds:" + dataSource
	case uid != "":
		return "uid:" + uid
	default:
		return "item:" + itemID
	}
}

// EditInput is the JSON body of POST /api/editor/fields.
type EditInput struct {
	ItemID     string          `json:"itemId"`
	UID        string          `json:"uid"`
	DataSource string          `json:"datasource"`
	Language   string          `json:"language"`
	Field      string          `json:"field"`
	Kind       string          `json:"kind"`
	Value      json.RawMessage `json:"value"`
}

var (
	idPattern    = regexp.MustCompile(`^[A-Za-z0-9{}\-_:./]{1,200}$`)
	fieldPattern = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]{0,63}$`)
	langPattern  = regexp.MustCompile(`^[a-z]{2,3}(-[A-Za-z]{2,4})?$`)
)

var richPolicy = func() *bluemonday.Policy {
	p := bluemonday.UGCPolicy()
	p.RequireNoFollowOnLinks(false)
	p.AllowAttrs("target").Matching(regexp.MustCompile(`^_blank$`)).OnElements("a")
	p.AllowURLSchemes("http", "https", "mailto", "tel")
	return p
}()

// SanitizeRich returns html with only the safe elements and attributes of
// user-generated content kept (no scripts, event handlers, styles or
// javascript: URLs).
func SanitizeRich(html string) string { return richPolicy.Sanitize(html) }

// ParseEdit validates in for site and returns the edit, collecting every
// field problem. Rich text is sanitised; text may not contain "<" (so it is
// safe wherever it is shown); hrefs must be http, https, mailto, tel or
// site-relative.
func ParseEdit(site string, in EditInput) (Edit, error) {
	bad := errs.FieldErrors{}
	e := Edit{Site: site, ItemID: in.ItemID, UID: in.UID, DataSource: in.DataSource, Lang: in.Language, Field: in.Field, Kind: Kind(in.Kind)}
	if !idPattern.MatchString(in.ItemID) {
		bad.Add("itemId", "the page item id is required")
	}
	if in.UID != "" && !idPattern.MatchString(in.UID) {
		bad.Add("uid", "not a component uid")
	}
	if in.DataSource != "" && !idPattern.MatchString(in.DataSource) {
		bad.Add("datasource", "not a datasource id")
	}
	if !langPattern.MatchString(in.Language) {
		bad.Add("language", "a language code such as sv or en is required")
	}
	if !fieldPattern.MatchString(in.Field) {
		bad.Add("field", "a field name is required")
	}
	switch e.Kind {
	case KindText, KindRich:
		var s string
		if err := json.Unmarshal(in.Value, &s); err != nil {
			bad.Add("value", "must be a string")
			break
		}
		if !utf8.ValidString(s) {
			bad.Add("value", "must be valid UTF-8")
			break
		}
		if e.Kind == KindText {
			s = strings.TrimSpace(s)
			if strings.ContainsAny(s, "<>") {
				bad.Add("value", "text cannot contain < or >")
			} else if n := utf8.RuneCountInString(s); n > MaxText {
				bad.Add("value", "text can have at most 500 characters")
			}
			e.Value = s
			break
		}
		if utf8.RuneCountInString(s) > MaxRich {
			bad.Add("value", "rich text can have at most 20000 characters")
		}
		e.Value = strings.TrimSpace(SanitizeRich(s))
	case KindImage:
		var v struct {
			Src string `json:"src"`
			Alt string `json:"alt"`
		}
		if err := json.Unmarshal(in.Value, &v); err != nil {
			bad.Add("value", "must be an object {src, alt}")
			break
		}
		v.Src, v.Alt = strings.TrimSpace(v.Src), strings.TrimSpace(v.Alt)
		if !validImageSrc(v.Src) {
			bad.Add("value.src", "must be a site path such as /-/media/… or an https:// address")
		}
		if utf8.RuneCountInString(v.Alt) > MaxAlt {
			bad.Add("value.alt", "alt text can have at most 300 characters")
		}
		e.Value = map[string]any{"src": v.Src, "alt": v.Alt}
	case KindLink:
		var v struct {
			Href   string `json:"href"`
			Text   string `json:"text"`
			Target string `json:"target"`
			Title  string `json:"title"`
		}
		if err := json.Unmarshal(in.Value, &v); err != nil {
			bad.Add("value", "must be an object {href, text, target}")
			break
		}
		v.Href, v.Text, v.Title = strings.TrimSpace(v.Href), strings.TrimSpace(v.Text), strings.TrimSpace(v.Title)
		linktype, ok := linkType(v.Href)
		if !ok {
			bad.Add("value.href", "must start with http://, https://, mailto:, tel: or / (a page of this site)")
		}
		if utf8.RuneCountInString(v.Text) > MaxLinkText {
			bad.Add("value.text", "link text can have at most 200 characters")
		}
		if utf8.RuneCountInString(v.Title) > MaxLinkText {
			bad.Add("value.title", "link title can have at most 200 characters")
		}
		if v.Target != "" && v.Target != "_blank" && v.Target != "_self" {
			bad.Add("value.target", "must be empty, _self or _blank")
		}
		e.Value = map[string]any{"href": v.Href, "text": v.Text, "target": v.Target, "title": v.Title, "linktype": linktype}
	default:
		bad.Add("kind", "must be text, rich, image or link")
	}
	if err := bad.Err("The field value is not valid."); err != nil {
		return Edit{}, err
	}
	return e, nil
}

func validImageSrc(src string) bool {
	if src == "" || len(src) > MaxHref || strings.ContainsAny(src, " \"'<>\\") {
		return false
	}
	if strings.HasPrefix(src, "/") && !strings.HasPrefix(src, "//") {
		return true
	}
	u, err := url.Parse(src)
	return err == nil && u.Scheme == "https" && u.Host != ""
}

// linkType checks href and returns the Sitecore link type it is.
func linkType(href string) (string, bool) {
	if href == "" || len(href) > MaxHref || strings.ContainsAny(href, " \"'<>\\\x00\n\r\t") {
		return "", false
	}
	if strings.HasPrefix(href, "/") && !strings.HasPrefix(href, "//") {
		return "internal", true
	}
	u, err := url.Parse(href)
	if err != nil {
		return "", false
	}
	switch strings.ToLower(u.Scheme) {
	case "http", "https":
		return "external", u.Host != ""
	case "mailto":
		return "mailto", u.Opaque != ""
	case "tel":
		return "external", u.Opaque != ""
	}
	return "", false
}
