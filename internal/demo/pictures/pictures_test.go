package pictures

import "testing"

// FuzzParse: demo paths parse to the fixed set only, so a client cannot
// make the server draw without bound.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"/-/media/demo/car/sedan/red/1.jpg", "/-/media/demo/site/100.jpg", "/-/media/demo/scene/x.jpg",
		"/-/media/demo/car360/suv/blue/35.jpg", "/-/media/demo/brand/volvo.svg", "/-/media/demo/video/road.webm", "/-/media/demo/site/07.jpg"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		d, err := Parse(p)
		if err != nil {
			return
		}
		if d.kind == "site" && (d.n < 0 || d.n > MaxDemoSite) {
			t.Fatalf("demo site %d out of the set", d.n)
		}
		if d.Raster() {
			if w, h := d.Size(); w > SceneWidth || h > SceneHeight {
				t.Fatalf("%s: %d×%d", p, w, h)
			}
		} else if body, ctype := d.File(); len(body) == 0 || ctype == "" {
			t.Fatalf("%s: no file", p)
		}
	})
}

func BenchmarkRenderCar(b *testing.B) {
	for b.Loop() {
		renderCar(CarWidth, CarHeight, "suv", "red", viewFront34, -1, "bench")
	}
}
