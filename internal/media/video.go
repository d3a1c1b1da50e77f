package media

import (
	"bytes"
	"embed"
	"net/http"
	"time"
)

// demoVideos are the demo videos, /-/media/demo/video/<name>.webm. Unlike
// the pictures they are not drawn per request (a video encoder is not worth
// carrying): tools/demo-video/make.sh draws them once with ffmpeg's drawing
// filters, and the few kilobytes are committed and embedded.
//
//go:embed video/*.webm
var demoVideos embed.FS

// videoTime is the Last-Modified of the embedded videos (they change only
// with the binary; the ETag carries their hash).
var videoTime = time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)

// serveVideo serves an embedded demo video with range requests (browsers
// fetch video in ranges and need them to seek).
func serveVideo(w http.ResponseWriter, r *http.Request, d demo) error {
	body, err := demoVideos.ReadFile("video/" + d.name + ".webm")
	if err != nil {
		return err
	}
	e := newEntry(d.path, body, "video/webm")
	hd := w.Header()
	hd.Set("Content-Type", e.ctype)
	hd.Set("ETag", e.etag)
	hd.Set("Cache-Control", immutable)
	hd.Set("X-Content-Type-Options", "nosniff")
	http.ServeContent(w, r, "", videoTime, bytes.NewReader(body))
	return nil
}

// hasDemoVideo reports whether a demo video of that name is embedded.
func hasDemoVideo(name string) bool {
	_, err := demoVideos.ReadFile("video/" + name + ".webm")
	return err == nil
}
