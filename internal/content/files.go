package content

import (
	"bytes"
	"context"
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"reflect"
	"sort"
	"strings"
	"sync"
	"time"

	"gopkg.in/yaml.v3"

	"forecourt/internal/errs"
)

// FileSource serves content from YAML files laid out per site:
//
//	<site>/site.yaml        languages, shared header and footer, datasources
//	<site>/dictionary.yaml  language → key → text (also dictionary-*.yaml)
//	_common/dictionary-*.yaml  language → key → text shared by every site;
//	                        a site's own dictionaries override it
//	<site>/items/index.yaml the home item "/"; items/a.yaml or items/a/index.yaml is "/a"
//
// A "*.yaml" item (file named "_wildcard.yaml" or directory "_wildcard") matches
// any one path segment, like Sitecore's wildcard items. Everything is read and
// checked at start; a mistake names the file and field.
type FileSource struct {
	mu    sync.RWMutex
	sites map[string]*fileSite
}

type fileSite struct {
	loc         sync.Map // locKey → Fields, see localized
	nav         sync.Map // lang + "\x00" + root → []NavItem
	name        string
	languages   []string
	header      []yamlComponent
	footer      []yamlComponent
	datasources map[string]yamlComponent
	dict        map[string]Dictionary
	root        *fileItem
	byID        map[string]*fileItem
}

type fileItem struct {
	id           string
	name         string
	path         string // site-relative, "/" for home
	template     string
	displayName  string
	sortOrder    int
	languages    []string // nil: all site languages
	fields       map[string]any
	i18n         map[string]map[string]any
	layout       map[string][]yamlComponent
	noSiteLayout bool
	updated      time.Time
	children     []*fileItem
	wildcard     *fileItem
	parent       *fileItem
}

type yamlItem struct {
	ID           string                     `yaml:"id"`
	Template     string                     `yaml:"template"`
	DisplayName  string                     `yaml:"displayName"`
	SortOrder    int                        `yaml:"sortOrder"`
	Languages    []string                   `yaml:"languages"`
	Updated      string                     `yaml:"updated"`
	Fields       map[string]any             `yaml:"fields"`
	I18n         map[string]map[string]any  `yaml:"i18n"`
	Layout       map[string][]yamlComponent `yaml:"layout"`
	NoSiteLayout bool                       `yaml:"noSiteLayout"`
}

type yamlComponent struct {
	Component    string                     `yaml:"component"`
	UID          string                     `yaml:"uid"`
	Datasource   string                     `yaml:"datasource"`
	Params       map[string]string          `yaml:"params"`
	Fields       map[string]any             `yaml:"fields"`
	I18n         map[string]map[string]any  `yaml:"i18n"`
	Placeholders map[string][]yamlComponent `yaml:"placeholders"`
}

type yamlSite struct {
	Languages   []string                 `yaml:"languages"`
	Header      []yamlComponent          `yaml:"header"`
	Footer      []yamlComponent          `yaml:"footer"`
	Datasources map[string]yamlComponent `yaml:"datasources"`
}

// LoadFiles reads every site folder of fsys. Sites without a folder have no
// content (their pages are not found).
func LoadFiles(fsys fs.FS) (*FileSource, error) {
	src := &FileSource{sites: map[string]*fileSite{}}
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, fmt.Errorf("read content: %w", err)
	}
	common, err := readDictionaries(fsys, "_common", nil)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		if !e.IsDir() || strings.HasPrefix(e.Name(), ".") || strings.HasPrefix(e.Name(), "_") {
			continue
		}
		s, err := loadSite(fsys, e.Name(), common)
		if err != nil {
			return nil, err
		}
		src.sites[e.Name()] = s
	}
	return src, nil
}

// readDictionaries merges dir/dictionary.yaml and dir/dictionary-*.yaml
// (in name order) over base, by language.
func readDictionaries(fsys fs.FS, dir string, base map[string]Dictionary) (map[string]Dictionary, error) {
	out := map[string]Dictionary{}
	for lang, d := range base {
		out[lang] = Dictionary{}
		for k, v := range d {
			out[lang][k] = v
		}
	}
	files, _ := fs.Glob(fsys, dir+"/dictionary*.yaml")
	sort.Strings(files)
	for _, f := range files {
		var dict map[string]map[string]string
		if err := readYAML(fsys, f, &dict); err != nil {
			return nil, err
		}
		for lang, d := range dict {
			if out[lang] == nil {
				out[lang] = Dictionary{}
			}
			for k, v := range d {
				out[lang][k] = v
			}
		}
	}
	return out, nil
}

func loadSite(fsys fs.FS, name string, common map[string]Dictionary) (*fileSite, error) {
	s := &fileSite{name: name, dict: map[string]Dictionary{}, byID: map[string]*fileItem{}}
	var ys yamlSite
	if err := readYAML(fsys, name+"/site.yaml", &ys); err != nil {
		return nil, err
	}
	if len(ys.Languages) == 0 {
		return nil, fmt.Errorf("%s/site.yaml: languages: at least one language is required", name)
	}
	s.languages, s.header, s.footer, s.datasources = ys.Languages, ys.Header, ys.Footer, ys.Datasources
	// Only the site's languages get the shared texts.
	base := map[string]Dictionary{}
	for _, l := range ys.Languages {
		base[l] = common[l]
	}
	dict, err := readDictionaries(fsys, name, base)
	if err != nil {
		return nil, err
	}
	s.dict = dict
	root, err := loadItem(fsys, s, name+"/items", "", "/", nil)
	if err != nil {
		return nil, err
	}
	s.root = root
	return s, nil
}

// loadItem loads the item at dir/<base>.yaml (or dir/<base>/index.yaml for
// the folder form) and its children from dir/<base>/.
func loadItem(fsys fs.FS, s *fileSite, dir, base, itemPath string, parent *fileItem) (*fileItem, error) {
	file := dir + "/" + base + ".yaml"
	folder := dir + "/" + base
	if base == "" {
		file, folder = dir+"/index.yaml", dir
	} else if _, err := fs.Stat(fsys, file); err != nil {
		file = folder + "/index.yaml"
	}
	var y yamlItem
	if err := readYAML(fsys, file, &y); err != nil {
		return nil, err
	}
	name := base
	if name == "" {
		name = "home"
	}
	it := &fileItem{
		name: name, path: itemPath, template: y.Template, displayName: y.DisplayName,
		sortOrder: y.SortOrder, languages: y.Languages, fields: y.Fields, i18n: y.I18n,
		layout: y.Layout, noSiteLayout: y.NoSiteLayout, parent: parent,
	}
	if it.template == "" {
		return nil, fmt.Errorf("%s: template: required", file)
	}
	it.id = y.ID
	if it.id == "" {
		it.id = stableID(s.name + ":" + itemPath)
	}
	if y.Updated != "" {
		t, err := time.Parse("2006-01-02", y.Updated)
		if err != nil {
			return nil, fmt.Errorf("%s: updated: want YYYY-MM-DD, got %q", file, y.Updated)
		}
		it.updated = t
	}
	if _, dup := s.byID[it.id]; dup {
		return nil, fmt.Errorf("%s: id: %s is used twice", file, it.id)
	}
	s.byID[it.id] = it
	entries, err := fs.ReadDir(fsys, folder)
	if err != nil {
		return it, nil // a leaf item has no folder
	}
	seen := map[string]bool{}
	for _, e := range entries {
		n := e.Name()
		if n == "index.yaml" || strings.HasPrefix(n, ".") {
			continue
		}
		child := strings.TrimSuffix(n, ".yaml")
		if !e.IsDir() && child == n {
			continue
		}
		if seen[child] {
			continue
		}
		seen[child] = true
		childPath := path.Join(itemPath, child)
		if child == "_wildcard" {
			childPath = path.Join(itemPath, "*")
		}
		c, err := loadItem(fsys, s, folder, child, childPath, it)
		if err != nil {
			return nil, err
		}
		if child == "_wildcard" {
			c.name = "*"
			it.wildcard = c
			continue
		}
		it.children = append(it.children, c)
	}
	sort.SliceStable(it.children, func(i, j int) bool {
		a, b := it.children[i], it.children[j]
		if a.sortOrder != b.sortOrder {
			return a.sortOrder < b.sortOrder
		}
		return a.name < b.name
	})
	return it, nil
}

func readYAML(fsys fs.FS, name string, v any) error {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return err
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true) // a misspelt key is an error, not silently ignored
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

func stableID(key string) string {
	h := sha1.Sum([]byte(key))
	x := hex.EncodeToString(h[:16])
	return fmt.Sprintf("%s-%s-%s-%s-%s", x[0:8], x[8:12], x[12:16], x[16:20], x[20:32])
}

func (src *FileSource) site(name string) (*fileSite, error) {
	src.mu.RLock()
	defer src.mu.RUnlock()
	s, ok := src.sites[name]
	if !ok {
		return nil, errs.E(errs.NotFound, "no content for site %q", name)
	}
	return s, nil
}

func (it *fileItem) hasLanguage(s *fileSite, lang string) bool {
	langs := it.languages
	if len(langs) == 0 {
		langs = s.languages
	}
	for _, l := range langs {
		if l == lang {
			return true
		}
	}
	return false
}

// find walks path from the root, taking wildcard items where no child
// matches. It returns the item and the segments the wildcards matched.
func (s *fileSite) find(p string) (*fileItem, []string) {
	it := s.root
	var wild []string
	for _, seg := range strings.Split(strings.Trim(p, "/"), "/") {
		if seg == "" {
			continue
		}
		var next *fileItem
		for _, c := range it.children {
			if strings.EqualFold(c.name, seg) {
				next = c
				break
			}
		}
		if next == nil && it.wildcard != nil {
			next = it.wildcard
			wild = append(wild, seg)
		}
		if next == nil {
			return nil, nil
		}
		it = next
	}
	return it, wild
}

// Route implements Source.
func (src *FileSource) Route(ctx context.Context, siteName, lang, p string) (*Route, error) {
	s, err := src.site(siteName)
	if err != nil {
		return nil, err
	}
	it, wild := s.find(p)
	if it == nil || !it.hasLanguage(s, lang) {
		return nil, errs.E(errs.NotFound, "no page at %s", p)
	}
	r := &Route{
		Name: it.name, DisplayName: it.displayName, ItemID: it.id, TemplateName: it.template,
		ItemLanguage: lang, ItemPath: it.path, Fields: s.localized(lang, it.fields, it.i18n, nil, nil),
		Placeholders: map[string][]Component{}, Updated: it.updated, Wildcard: wild,
	}
	if r.DisplayName == "" {
		r.DisplayName = r.Fields.String("navTitle")
	}
	if !it.noSiteLayout {
		r.Placeholders["headless-header"] = s.components(s.header, lang, it.id+"/header")
		r.Placeholders["headless-footer"] = s.components(s.footer, lang, it.id+"/footer")
	}
	for name, comps := range it.layout {
		r.Placeholders[name] = s.components(comps, lang, it.id+"/"+name)
	}
	if _, ok := r.Placeholders["headless-main"]; !ok {
		r.Placeholders["headless-main"] = []Component{}
	}
	return r, nil
}

func (s *fileSite) components(list []yamlComponent, lang, scope string) []Component {
	out := make([]Component, 0, len(list))
	for i, yc := range list {
		c := Component{
			UID:           yc.UID,
			ComponentName: yc.Component,
			Params:        yc.Params,
			DataSource:    yc.Datasource,
		}
		if c.UID == "" {
			c.UID = stableID(fmt.Sprintf("%s/%d/%s", scope, i, yc.Component))
		}
		if c.Params == nil {
			c.Params = map[string]string{}
		}
		placeholders := yc.Placeholders
		var dsFields map[string]any
		var dsI18n map[string]map[string]any
		if ds, ok := s.datasources[yc.Datasource]; yc.Datasource != "" && ok {
			dsFields, dsI18n = ds.Fields, ds.I18n
			if len(placeholders) == 0 {
				placeholders = ds.Placeholders
			}
			c.DataSource = stableID(s.name + ":ds:" + yc.Datasource)
		}
		c.Fields = s.localized(lang, yc.Fields, yc.I18n, dsFields, dsI18n)
		if len(placeholders) > 0 {
			c.Placeholders = map[string][]Component{}
			for name, inner := range placeholders {
				c.Placeholders[name] = s.components(inner, lang, c.UID+"/"+name)
			}
		}
		out = append(out, c)
	}
	return out
}

func mergeMaps(base, over map[string]any) map[string]any {
	out := make(map[string]any, len(base)+len(over))
	for k, v := range base {
		out[k] = v
	}
	for k, v := range over {
		out[k] = v
	}
	return out
}

func mergeI18n(base, over map[string]map[string]any) map[string]map[string]any {
	out := map[string]map[string]any{}
	for l, m := range base {
		out[l] = m
	}
	for l, m := range over {
		out[l] = mergeMaps(out[l], m)
	}
	return out
}

// locKey identifies a localized field set by the identity of its inputs:
// the loaded YAML maps never change, so equal pointers mean equal fields.
type locKey struct {
	base, i18n, dsBase, dsI18n uintptr
	lang                       string
}

func mapPtr(m any) uintptr { return reflect.ValueOf(m).Pointer() }

// localized returns the fields of an item or component (merged over its
// datasource's) in lang. Wrapping YAML into the Layout Service shape was
// most of a page's CPU, so each combination is built once; callers get a
// copy of the top level, which they may change, over shared values, which
// they must not.
func (s *fileSite) localized(lang string, base map[string]any, i18n map[string]map[string]any, dsBase map[string]any, dsI18n map[string]map[string]any) Fields {
	k := locKey{mapPtr(base), mapPtr(i18n), mapPtr(dsBase), mapPtr(dsI18n), lang}
	if v, ok := s.loc.Load(k); ok {
		return maps.Clone(v.(Fields))
	}
	f := localize(mergeMaps(dsBase, base), mergeI18n(dsI18n, i18n), lang)
	s.loc.Store(k, f)
	return maps.Clone(f)
}

// localize merges the language's overrides over the base fields and wraps
// every value in the Layout Service field shape.
func localize(base map[string]any, i18n map[string]map[string]any, lang string) Fields {
	merged := mergeMaps(base, i18n[lang])
	out := make(Fields, len(merged))
	for k, v := range merged {
		out[k] = wrapField(k, v)
	}
	return out
}

// wrapField turns a YAML value into a Layout Service field: scalars, images
// and links become {value: …}; lists of maps become item lists
// [{id, name, fields}] (multilist shape).
func wrapField(name string, v any) any {
	switch x := v.(type) {
	case []any:
		items := make([]any, 0, len(x))
		allMaps := true
		for _, e := range x {
			if _, ok := e.(map[string]any); !ok {
				allMaps = false
			}
		}
		if !allMaps {
			return map[string]any{"value": normalize(x)}
		}
		for i, e := range x {
			m := e.(map[string]any)
			f := Fields{}
			for k, vv := range m {
				f[k] = wrapField(k, vv)
			}
			id, _ := m["id"].(string)
			if id == "" {
				id = stableID(fmt.Sprintf("%s/%d/%v", name, i, m))
			}
			nm, _ := m["name"].(string)
			items = append(items, map[string]any{"id": id, "name": nm, "fields": f})
		}
		return items
	default:
		return map[string]any{"value": normalize(v)}
	}
}

// normalize makes YAML values JSON-friendly: timestamps become ISO strings
// and nested maps keep string keys.
func normalize(v any) any {
	switch x := v.(type) {
	case time.Time:
		return x.UTC().Format(time.RFC3339)
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, vv := range x {
			out[k] = normalize(vv)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, vv := range x {
			out[i] = normalize(vv)
		}
		return out
	}
	return v
}

// Dictionary implements Source.
func (src *FileSource) Dictionary(ctx context.Context, siteName, lang string) (Dictionary, error) {
	s, err := src.site(siteName)
	if err != nil {
		return nil, err
	}
	d, ok := s.dict[lang]
	if !ok {
		return nil, errs.E(errs.NotFound, "no dictionary for %s in %s", siteName, lang)
	}
	return d, nil
}

// Navigation implements Source.
func (src *FileSource) Navigation(ctx context.Context, siteName, lang, root string) ([]NavItem, error) {
	s, err := src.site(siteName)
	if err != nil {
		return nil, err
	}
	key := lang + "\x00" + root
	if v, ok := s.nav.Load(key); ok {
		return v.([]NavItem), nil
	}
	it, _ := s.find(root)
	if it == nil {
		return nil, errs.E(errs.NotFound, "no navigation root at %s", root)
	}
	// Files do not change after loading, so the tree is built once per
	// root and language; callers share it and must not modify it.
	tree := navChildren(s, it, lang, 3)
	s.nav.Store(key, tree)
	return tree, nil
}

func navChildren(s *fileSite, it *fileItem, lang string, depth int) []NavItem {
	if depth == 0 {
		return nil
	}
	var out []NavItem
	for _, c := range it.children {
		if !c.hasLanguage(s, lang) {
			continue
		}
		f := s.localized(lang, c.fields, c.i18n, nil, nil)
		title := f.String("navTitle")
		if title == "" {
			title = c.displayName
		}
		if title == "" {
			title = c.name
		}
		link, _ := f.Value("externalLink").(map[string]any)
		ext, _ := link["href"].(string)
		if ext == "" {
			ext = f.String("externalLink")
		}
		out = append(out, NavItem{
			ID: c.id, Name: c.name, Path: c.path, NavigationTitle: title,
			HideInNavigation:                   f.Bool("hideInNavigation"),
			IsNavigableInMenuWhenItHasChildren: f.Bool("isNavigableInMenuWhenItHasChildren"),
			ExternalLink:                       ext,
			Children:                           navChildren(s, c, lang, depth-1),
		})
	}
	return out
}

// Items implements Source.
func (src *FileSource) Items(ctx context.Context, siteName string) ([]ItemRef, error) {
	s, err := src.site(siteName)
	if err != nil {
		return nil, err
	}
	var out []ItemRef
	var walk func(it *fileItem)
	walk = func(it *fileItem) {
		out = append(out, s.ref(it))
		for _, c := range it.children {
			walk(c)
		}
	}
	walk(s.root)
	return out, nil
}

func (s *fileSite) ref(it *fileItem) ItemRef {
	langs := it.languages
	if len(langs) == 0 {
		langs = s.languages
	}
	r := ItemRef{ID: it.id, Path: it.path, TemplateName: it.template, Languages: langs, Updated: it.updated, Fields: map[string]Fields{}}
	for _, l := range langs {
		r.Fields[l] = s.localized(l, it.fields, it.i18n, nil, nil)
	}
	return r
}

// Children implements Source.
func (src *FileSource) Children(ctx context.Context, siteName, lang, p string) ([]ItemRef, error) {
	s, err := src.site(siteName)
	if err != nil {
		return nil, err
	}
	it, _ := s.find(p)
	if it == nil {
		return nil, errs.E(errs.NotFound, "no item at %s", p)
	}
	var out []ItemRef
	for _, c := range it.children {
		if c.hasLanguage(s, lang) {
			out = append(out, s.ref(c))
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		return out[i].Fields[lang].String("date") > out[j].Fields[lang].String("date")
	})
	return out, nil
}

// Languages returns the site's configured content languages.
func (src *FileSource) Languages(siteName string) []string {
	s, err := src.site(siteName)
	if err != nil {
		return nil
	}
	return s.languages
}
