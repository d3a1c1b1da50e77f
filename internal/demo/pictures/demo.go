// Package pictures draws the demo's pictures in Go, the same for every
// run: cars from eight angles and 36 turntable frames in every body and
// colour, dealer sites, scenes, brand badges, a favicon, and the few
// embedded demo videos. The media handler (internal/media) serves them
// under /-/media/demo/ through Parse, caching, scaling and encoding what is
// drawn; DEVELOPING.md ("Demo media") lists the paths.
package pictures

import (
	"fmt"
	"html"
	"image"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"forecourt/internal/errs"
)

// Native sizes of demo pictures. Cars and 360 frames are 16:10, scenes and
// dealer sites 16:9. Requests for larger widths get the native size.
const (
	CarWidth, CarHeight     = 1600, 1000
	SceneWidth, SceneHeight = 1920, 1080
)

// The demo pictures are a fixed set, so a client cannot make the server
// draw (about 200 ms each) without bound: dealer-site pictures 0 to
// MaxDemoSite and the named scenes (a new scene name is added here).
const MaxDemoSite = 99

// DemoScenes are the scene names of /-/media/demo/scene/<name>.jpg.
var DemoScenes = []string{"city", "coast", "electric", "family", "forest", "interior-360", "mountain",
	"road", "showroom", "truck", "van", "winter", "workshop"}

// demoPrefix starts every demo media path.
const demoPrefix = "/-/media/demo/"

// A Picture is a parsed demo media path: a drawn picture (Raster, Size,
// Draw) or a fixed file (File).
type Picture struct {
	path  string
	kind  string // car, car360, site, scene, brand, favicon, video
	body  string
	color string
	n     int // view, frame or site number
	name  string
}

var (
	sceneNameRE = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,40}$`)
	brandRE     = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,30}$`)
)

// Parse parses a demo media path. Unknown kinds or values are NotFound.
func Parse(path string) (Picture, error) {
	rest, ok := strings.CutPrefix(path, demoPrefix)
	if !ok {
		return Picture{}, errs.E(errs.NotFound, "not a demo picture: %s", path)
	}
	d := Picture{path: path}
	parts := strings.Split(rest, "/")
	num := func(s, ext string, lo, hi int) (int, bool) {
		v, ok := strings.CutSuffix(s, ext)
		if !ok || v == "" || (len(v) > 1 && v[0] == '0') {
			return 0, false
		}
		n, err := strconv.Atoi(v)
		return n, err == nil && n >= lo && n <= hi
	}
	var good bool
	switch d.kind = parts[0]; {
	case (d.kind == "car" || d.kind == "car360") && len(parts) == 4:
		d.body, d.color = parts[1], parts[2]
		hi := 8
		lo := 1
		if d.kind == "car360" {
			lo, hi = 0, 35
		}
		d.n, good = num(parts[3], ".jpg", lo, hi)
		good = good && slices.Contains(Bodies, d.body) && slices.Contains(Colors, d.color)
	case d.kind == "site" && len(parts) == 2:
		d.n, good = num(parts[1], ".jpg", 0, MaxDemoSite)
	case d.kind == "scene" && len(parts) == 2:
		d.name, good = strings.CutSuffix(parts[1], ".jpg")
		good = good && sceneNameRE.MatchString(d.name) && slices.Contains(DemoScenes, d.name)
	case d.kind == "brand" && len(parts) == 2:
		d.name, good = strings.CutSuffix(parts[1], ".svg")
		good = good && brandRE.MatchString(d.name)
	case d.kind == "video" && len(parts) == 2:
		d.name, good = strings.CutSuffix(parts[1], ".webm")
		good = good && sceneNameRE.MatchString(d.name) && hasDemoVideo(d.name)
	case d.kind == "favicon.svg" && len(parts) == 1:
		d.kind, good = "favicon", true
	}
	if !good {
		return Picture{}, errs.E(errs.NotFound, "no demo picture at %s", path)
	}
	return d, nil
}

// Raster reports whether the demo is a drawn picture (not an SVG or a video).
func (d Picture) Raster() bool { return d.kind != "brand" && d.kind != "favicon" && d.kind != "video" }

// File returns the body and content type of a picture that is not drawn:
// a brand badge or the favicon (SVG), or a video; nil for drawn pictures.
func (d Picture) File() ([]byte, string) {
	switch d.kind {
	case "brand":
		return brandSVG(d.name), "image/svg+xml"
	case "favicon":
		return faviconSVG, "image/svg+xml"
	case "video":
		body, err := demoVideos.ReadFile("video/" + d.name + ".webm")
		if err != nil {
			return nil, ""
		}
		return body, "video/webm"
	}
	return nil, ""
}

// Size returns the native size of the picture.
func (d Picture) Size() (int, int) {
	if d.kind == "car" || d.kind == "car360" {
		return CarWidth, CarHeight
	}
	return SceneWidth, SceneHeight
}

// Draw draws the picture w pixels wide (at most the native width).
func (d Picture) Draw(w int) image.Image {
	nw, nh := d.Size()
	if w <= 0 || w > nw {
		w = nw
	}
	h := (w*nh + nw/2) / nw
	switch d.kind {
	case "car":
		return renderCar(w, h, d.body, d.color, d.n, -1, d.path)
	case "car360":
		return renderCar(w, h, d.body, d.color, 0, d.n, d.path)
	case "site":
		return renderSite(w, h, d.n, d.path)
	default:
		return renderScene(w, h, d.name, d.path)
	}
}

// renderDemo draws the demo picture at path, w pixels wide.
func renderDemo(path string, w int) (image.Image, error) {
	d, err := Parse(path)
	if err != nil {
		return nil, err
	}
	if !d.Raster() {
		return nil, errs.E(errs.Invalid, "not a raster picture: %s", path)
	}
	return d.Draw(w), nil
}

var brandColors = map[string][2]string{
	"mercedes": {"#1c1c1e", "#d9dadc"}, "bmw": {"#0066b1", "#ffffff"}, "mini": {"#000000", "#ffffff"},
	"smart": {"#b0c400", "#1c1c1e"}, "renault": {"#ffcc33", "#000000"}, "iveco": {"#1d4f91", "#ffffff"},
	"volvo": {"#003057", "#ffffff"}, "vw": {"#001e50", "#ffffff"}, "audi": {"#bb0a30", "#ffffff"},
}

// brandSVG returns a typographic badge for a brand code.
func brandSVG(code string) []byte {
	c, ok := brandColors[code]
	if !ok {
		r := newRNG("brand/" + code)
		hue := r.intn(360)
		c = [2]string{fmt.Sprintf("hsl(%d,55%%,32%%)", hue), "#ffffff"}
	}
	label := strings.ToUpper(code)
	if len(label) > 10 {
		label = label[:10]
	}
	size := 44
	if len(label) > 5 {
		size = 220 / len(label)
	}
	return fmt.Appendf(nil, `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120" viewBox="0 0 240 120" role="img" aria-label="%[1]s">`+
		`<rect x="4" y="4" width="232" height="112" rx="56" fill="%[2]s"/>`+
		`<rect x="12" y="12" width="216" height="96" rx="48" fill="none" stroke="%[3]s" stroke-width="3" opacity=".6"/>`+
		`<text x="120" y="%[5]d" text-anchor="middle" font-family="Helvetica,Arial,sans-serif" font-weight="700" font-size="%[4]d" letter-spacing="2" fill="%[3]s">%[1]s</text></svg>`,
		html.EscapeString(label), c[0], c[1], size, 60+size*35/100)
}

// faviconSVG is the default favicon: a stylised car on a rounded square.
var faviconSVG = []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
	`<rect width="64" height="64" rx="14" fill="#0b5cab"/>` +
	`<path d="M10 40v-6l6-2 7-8c2-2 4-3 7-3h9c3 0 5 1 7 3l6 7 4 1c2 1 3 2 3 4v4z" fill="#fff"/>` +
	`<path d="M25 25h8v7H19zM36 25h3c2 0 3 1 4 2l4 5H36z" fill="#0b5cab"/>` +
	`<circle cx="20" cy="41" r="5.5" fill="#0b2a4a" stroke="#fff" stroke-width="2.5"/>` +
	`<circle cx="45" cy="41" r="5.5" fill="#0b2a4a" stroke="#fff" stroke-width="2.5"/></svg>`)
