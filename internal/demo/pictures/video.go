package pictures

import (
	"embed"
)

// demoVideos are the demo videos, /-/media/demo/video/<name>.webm. Unlike
// the pictures they are not drawn per request (a video encoder is not worth
// carrying): tools/demo-video/make.sh draws them once with ffmpeg's drawing
// filters, and the few kilobytes are committed and embedded.
//
//go:embed video/*.webm
var demoVideos embed.FS

// hasDemoVideo reports whether a demo video of that name is embedded.
func hasDemoVideo(name string) bool {
	_, err := demoVideos.ReadFile("video/" + name + ".webm")
	return err == nil
}
