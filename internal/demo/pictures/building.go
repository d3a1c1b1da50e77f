package pictures

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

var (
	boldOnce sync.Once
	boldFont *opentype.Font
)

// text draws s with its left baseline at (x, y), size in pixels.
func (c *canvas) text(s string, x, y, size float64, col rgb) float64 {
	boldOnce.Do(func() { boldFont, _ = opentype.Parse(gobold.TTF) })
	if boldFont == nil || size < 4 {
		return 0
	}
	face, err := opentype.NewFace(boldFont, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return 0
	}
	defer face.Close()
	d := font.Drawer{
		Dst:  c.img,
		Src:  image.NewUniform(color.RGBA{to8(col.R, 0), to8(col.G, 0), to8(col.B, 0), 255}),
		Face: face,
		Dot:  fixed.P(int(x), int(y)),
	}
	d.DrawString(s)
	return float64(d.Dot.X.Round()) - x
}

func textWidth(s string, size float64) float64 {
	boldOnce.Do(func() { boldFont, _ = opentype.Parse(gobold.TTF) })
	if boldFont == nil {
		return 0
	}
	face, err := opentype.NewFace(boldFont, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return 0
	}
	defer face.Close()
	return float64(font.MeasureString(face, s).Round())
}

var _ = draw.Over

// renderSite draws dealer site number n: a showroom building with a glass
// facade and a sign, cars parked in front, under a sky that varies with n.
func renderSite(w, h, n int, key string) *image.RGBA {
	cv := newCanvas(w, h)
	r := newRNG(key)
	f := cv.f
	W, H := float64(w), float64(h)
	skies := [][2]rgb{{hex(0x3f80c9), hex(0xdceaf5)}, {hex(0x5a8fc4), hex(0xf3e3c8)}, {hex(0x2e6cb0), hex(0xc7def0)}, {hex(0x35597f), hex(0xf0b98d)}}
	s := skies[n%len(skies)]
	sky(cv, s[0], s[1], 0.62)
	sun(cv, r.rangef(0.1, 0.9), r.rangef(0.12, 0.3), hex(0xfff6e0))
	clouds(cv, r, 4, 0.06, 0.3)
	hills(cv, r, 0.6, 0.05, hex(0x8aa0a0), hex(0x6f8a80))
	pines(cv, r, 0.6, 12, 0.1, hex(0x4f6b55))
	ground := 0.74 * H
	// Forecourt asphalt and a kerb of grass.
	cv.fill(rect(0, 0.6*H, W, 0.04*H), solid(hex(0x7c9a5c), 1))
	cv.fill(rect(0, ground, W, H-ground), vgrad(ground, H, hex(0x8a8f95), hex(0x54585d), 1))
	// Building: a long box with a glass facade and a solid tower with the sign.
	bx0, bx1 := W*r.rangef(0.08, 0.16), W*r.rangef(0.84, 0.92)
	top := ground - r.rangef(300, 380)*f
	clad := []rgb{hex(0xe9ecef), hex(0x2f3338), hex(0xc9ced4), hex(0x6b737c)}[r.intn(4)]
	accent := []rgb{hex(0x0b5cab), hex(0xd81e2a), hex(0x1b1c1e), hex(0x00857a), hex(0xe0a100)}[(n/4+r.intn(5))%5]
	cv.soft(rect(bx0, ground-20*f, bx1-bx0, 40*f), 24*f, black, 0.4)
	cv.fill(rect(bx0, top, bx1-bx0, ground-top), vgrad(top, ground, clad.mix(white, 0.1), clad.mul(0.9), 1))
	// Glass facade: panes reflecting the sky, with mullions.
	gx0, gx1 := bx0+30*f, bx1-340*f
	gy0 := top + 70*f
	cv.fill(rect(gx0, gy0, gx1-gx0, ground-gy0), lgrad(pt{gx0, gy0}, pt{gx1, ground}, hex(0x9cc3e0), hex(0x2f4b63), 1))
	// Reflections of clouds and a showroom inside.
	cv.fill(rect(gx0, gy0, gx1-gx0, ground-gy0), rgrad((gx0+gx1)/2, ground, (gx1-gx0)*0.6, (ground-gy0)*0.9, hex(0xf5e6c8), 0.35))
	for k := range 3 {
		x := gx0 + (gx1-gx0)*(0.2+0.3*float64(k))
		cv.fill([]pt{{x, gy0}, {x + 120*f, gy0}, {x - 60*f, ground}, {x - 180*f, ground}}, solid(white, 0.1))
	}
	sceneCar(cv, "sedan", "white", 0, (gx0+220*f)/W, (ground-6*f)/H, 0.1)
	pane := 150 * f
	for x := gx0; x <= gx1+1; x += pane {
		cv.fill(rect(x-3*f, gy0, 6*f, ground-gy0), solid(hex(0x30353b), 1))
	}
	cv.fill(rect(gx0, gy0+(ground-gy0)*0.45, gx1-gx0, 6*f), solid(hex(0x30353b), 1))
	cv.fill(rect(gx0, gy0-4*f, gx1-gx0, 8*f), solid(hex(0x30353b), 1))
	// Canopy with downlights.
	cv.fill(rect(bx0-20*f, top-18*f, bx1-bx0+40*f, 26*f), solid(clad.mul(0.75), 1))
	// Sign tower.
	tx0 := bx1 - 300*f
	cv.fill(rect(tx0, top-120*f, 260*f, ground-top+120*f), vgrad(top-120*f, ground, accent.mix(white, 0.1), accent.mul(0.8), 1))
	cv.fill(ellipse(tx0+130*f, top-10*f, 70*f, 70*f), solid(white, 1))
	cv.fill(ellipse(tx0+130*f, top-10*f, 56*f, 56*f), solid(accent, 1))
	cv.fill([]pt{{tx0 + 130*f, top - 60*f}, {tx0 + 170*f, top + 20*f}, {tx0 + 90*f, top + 20*f}}, solid(white, 1))
	label := "FORECOURT"
	size := 44 * f
	tw := textWidth(label, size)
	cv.fill(rect(gx0+20*f, top+12*f, tw+60*f, 50*f), solid(accent, 1))
	cv.text(label, gx0+50*f, top+53*f, size, white)
	// Entrance door.
	cv.fill(rect(tx0+60*f, ground-190*f, 140*f, 190*f), vgrad(ground-190*f, ground, hex(0x385068), hex(0x1d2b38), 1))
	cv.fill(rect(tx0+128*f, ground-190*f, 4*f, 190*f), solid(hex(0xc0c6cc), 1))
	// Flags and cars on the forecourt.
	for i := range 3 {
		x := W*0.05 + float64(i)*46*f
		cv.fill(rect(x, ground-420*f, 5*f, 440*f), solid(hex(0xd8dce0), 1))
		cv.fill([]pt{{x + 5*f, ground - 418*f}, {x + 40*f, ground - 410*f}, {x + 40*f, ground - 250*f}, {x + 5*f, ground - 258*f}}, solid(accent.mix(white, 0.15*float64(i)), 1))
	}
	for y := ground + 60*f; y < H; y += 120 * f {
		_ = y
	}
	bodies := []string{"suv", "hatchback", "estate", "sedan", "mpv", "coupe"}
	for i := range 4 {
		fx := 0.17 + float64(i)*0.22 + r.rangef(-0.02, 0.02)
		b := bodies[(n+i+r.intn(3))%len(bodies)]
		c := Colors[(n*3+i*5+r.intn(4))%len(Colors)]
		cv.fill(rect(fx*W-4*f-170*f, ground+40*f, 4*f, 200*f), solid(white, 0.6))
		sceneCar(cv, b, c, -48, fx, 0.88, 0.115)
	}
	cv.fill(rect(0, 0, W, H), rgrad(W*0.5, H*0.4, W*0.9, H*0.9, white, 0.04))
	_ = math.Pi
	return cv.image()
}
