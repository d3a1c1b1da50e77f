package media

import (
	"net/url"
	"strings"
	"testing"
)

// FuzzMediaPaths: local media paths never climb out of the media folder
// and /_img queries are bounded (the demo paths' own parser has FuzzParse
// in internal/demo/pictures).
func FuzzMediaPaths(f *testing.F) {
	for _, s := range []string{"/-/media/demo/car/sedan/red/1.jpg", "/-/media/../etc/passwd", "/-/jssmedia/a\\b.jpg", "/-/media/demo/site/100.jpg",
		"/-/media/demo/scene/x.jpg", "/-/media/cars/a.jpg", "/-/media/./x"} {
		f.Add(s, "w=320&q=80")
	}
	f.Fuzz(func(t *testing.T, p, rawQuery string) {
		if checkPath(p) == nil {
			for _, seg := range strings.Split(p, "/") {
				if seg == ".." || seg == "." {
					t.Fatalf("checkPath(%q) accepted traversal", p)
				}
			}
			if strings.ContainsAny(p, "\\\x00") {
				t.Fatalf("checkPath(%q) accepted", p)
			}
		}
		v, err := url.ParseQuery(rawQuery)
		if err != nil {
			return
		}
		if req, err := parseImgQuery(v); err == nil {
			if !req.blur && req.w != 320 && req.w != 640 && req.w != 1280 && req.w != 1920 {
				t.Fatalf("width %d accepted", req.w)
			}
			if req.q != JPEGQuality {
				t.Fatalf("quality %d accepted", req.q)
			}
		}
	})
}
