package pictures

import (
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// TestWriteSamples writes sample pictures to MEDIA_SAMPLES (a directory) so
// a person can look at them: MEDIA_SAMPLES=/tmp/m go test -run WriteSamples.
func TestWriteSamples(t *testing.T) {
	dir := os.Getenv("MEDIA_SAMPLES")
	if dir == "" {
		t.Skip("set MEDIA_SAMPLES to a directory to write sample pictures")
	}
	paths := samplePaths()
	const tw, th = 640, 400
	sheet := image.NewRGBA(image.Rect(0, 0, 2*tw, (len(paths)+1)/2*th))
	for i, p := range paths {
		img, err := renderDemo(p, 800)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		name := filepath.Join(dir, fmt.Sprintf("%s.png", sanitize(p)))
		f, err := os.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := png.Encode(f, img); err != nil {
			t.Fatal(err)
		}
		f.Close()
		small, _ := renderDemo(p, tw)
		at := image.Pt(i%2*tw, i/2*th)
		draw.Draw(sheet, small.Bounds().Add(at), small, image.Point{}, draw.Src)
	}
	f, err := os.Create(filepath.Join(dir, "sheet.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, sheet); err != nil {
		t.Fatal(err)
	}
}

func sanitize(p string) string {
	b := []byte(p[len("/-/media/demo/"):])
	for i, c := range b {
		if c == '/' || c == '.' {
			b[i] = '_'
		}
	}
	return string(b)
}
