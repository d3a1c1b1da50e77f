package pictures

import (
	"image"
	"image/draw"
	"math"

	"golang.org/x/image/vector"
)

// rgb is a colour with components in 0..1 (sRGB values, no gamma handling:
// the pictures are stylised and the arithmetic stays cheap).
type rgb struct{ R, G, B float64 }

func hex(v uint32) rgb {
	return rgb{float64(v>>16&0xff) / 255, float64(v>>8&0xff) / 255, float64(v&0xff) / 255}
}

func (c rgb) mix(d rgb, t float64) rgb {
	return rgb{c.R + (d.R-c.R)*t, c.G + (d.G-c.G)*t, c.B + (d.B-c.B)*t}
}

func (c rgb) mul(k float64) rgb { return rgb{c.R * k, c.G * k, c.B * k} }

func (c rgb) add(d rgb) rgb { return rgb{c.R + d.R, c.G + d.G, c.B + d.B} }

func (c rgb) lum() float64 { return 0.3*c.R + 0.59*c.G + 0.11*c.B }

var (
	white = rgb{1, 1, 1}
	black = rgb{0, 0, 0}
)

// pt is a point in pixel coordinates of the canvas.
type pt struct{ X, Y float64 }

// shader returns the colour and opacity of a pixel centre.
type shader func(x, y float64) (rgb, float64)

func solid(c rgb, a float64) shader { return func(float64, float64) (rgb, float64) { return c, a } }

// vgrad is a vertical gradient from c0 at y0 to c1 at y1.
func vgrad(y0, y1 float64, c0, c1 rgb, a float64) shader {
	return func(_, y float64) (rgb, float64) { return c0.mix(c1, clamp01((y-y0)/(y1-y0))), a }
}

// lgrad is a gradient along the line p0 → p1.
func lgrad(p0, p1 pt, c0, c1 rgb, a float64) shader {
	dx, dy := p1.X-p0.X, p1.Y-p0.Y
	l2 := dx*dx + dy*dy
	if l2 == 0 {
		l2 = 1
	}
	return func(x, y float64) (rgb, float64) {
		t := ((x-p0.X)*dx + (y-p0.Y)*dy) / l2
		return c0.mix(c1, clamp01(t)), a
	}
}

// rgrad is a radial glow: colour c with opacity a at the centre fading to 0 at r.
func rgrad(cx, cy, rx, ry float64, c rgb, a float64) shader {
	return func(x, y float64) (rgb, float64) {
		dx, dy := (x-cx)/rx, (y-cy)/ry
		d := 1 - (dx*dx + dy*dy)
		if d <= 0 {
			return c, 0
		}
		return c, a * d * d
	}
}

func clamp01(v float64) float64 {
	if v < 0 {
		return 0
	}
	if v > 1 {
		return 1
	}
	return v
}

func lerp(a, b, t float64) float64 { return a + (b-a)*t }

func smooth(t float64) float64 { t = clamp01(t); return t * t * (3 - 2*t) }

// canvas draws anti-aliased polygons with shaders onto an RGBA image.
type canvas struct {
	img  *image.RGBA
	w, h int
	// f scales design units to pixels: design space is 1920 units wide.
	f    float64
	mask *image.Alpha
	ras  vector.Rasterizer
}

func newCanvas(w, h int) *canvas {
	c := &canvas{img: image.NewRGBA(image.Rect(0, 0, w, h)), w: w, h: h, f: float64(w) / 1920}
	c.mask = image.NewAlpha(c.img.Rect)
	for i := 3; i < len(c.img.Pix); i += 4 {
		c.img.Pix[i] = 255
	}
	return c
}

// image returns the picture drawn so far.
func (c *canvas) image() *image.RGBA { return c.img }

// to8 converts v (0..1) to a byte with ordered dithering by pixel index i,
// which keeps wide gradients free of bands.
func to8(v float64, i int) uint8 {
	v = v*255 + dither[i&15]
	if v <= 0 {
		return 0
	}
	if v >= 255 {
		return 255
	}
	return uint8(v)
}

var dither = [16]float64{0.03, 0.53, 0.16, 0.66, 0.78, 0.28, 0.91, 0.41, 0.22, 0.72, 0.09, 0.59, 0.97, 0.47, 0.84, 0.34}

// paint fills the whole canvas.
func (c *canvas) paint(s shader) {
	for y := 0; y < c.h; y++ {
		for x := 0; x < c.w; x++ {
			col, a := s(float64(x)+0.5, float64(y)+0.5)
			c.blend(x, y, col, a)
		}
	}
}

func (c *canvas) blend(x, y int, col rgb, a float64) {
	i := y*c.img.Stride + x*4
	p := c.img.Pix[i : i+3 : i+3]
	d := x*7 + y*13
	if a >= 1 {
		p[0], p[1], p[2] = to8(col.R, d), to8(col.G, d+5), to8(col.B, d+11)
		return
	}
	p[0] = to8(float64(p[0])/255*(1-a)+col.R*a, d)
	p[1] = to8(float64(p[1])/255*(1-a)+col.G*a, d+5)
	p[2] = to8(float64(p[2])/255*(1-a)+col.B*a, d+11)
}

func bounds(poly []pt) (x0, y0, x1, y1 float64) {
	x0, y0, x1, y1 = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range poly {
		x0, y0 = math.Min(x0, p.X), math.Min(y0, p.Y)
		x1, y1 = math.Max(x1, p.X), math.Max(y1, p.Y)
	}
	return
}

// fill draws the polygon (non-zero winding) with the shader.
func (c *canvas) fill(poly []pt, s shader) {
	c.fillMany([][]pt{poly}, s)
}

// fillMany draws several polygons as one shape (holes by winding).
func (c *canvas) fillMany(polys [][]pt, s shader) {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	n := 0
	for _, poly := range polys {
		if len(poly) < 3 {
			continue
		}
		n++
		a, b, cc, d := bounds(poly)
		x0, y0, x1, y1 = math.Min(x0, a), math.Min(y0, b), math.Max(x1, cc), math.Max(y1, d)
	}
	if n == 0 {
		return
	}
	r := image.Rect(int(math.Floor(x0)), int(math.Floor(y0)), int(math.Ceil(x1))+1, int(math.Ceil(y1))+1).Intersect(c.img.Rect)
	if r.Empty() {
		return
	}
	// The rasteriser's origin is r.Min, so paths are drawn relative to it.
	ox, oy := float64(r.Min.X), float64(r.Min.Y)
	c.ras.Reset(r.Dx(), r.Dy())
	for _, poly := range polys {
		if len(poly) < 3 {
			continue
		}
		c.ras.MoveTo(float32(poly[0].X-ox), float32(poly[0].Y-oy))
		for _, p := range poly[1:] {
			c.ras.LineTo(float32(p.X-ox), float32(p.Y-oy))
		}
		c.ras.ClosePath()
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := c.mask.Pix[y*c.mask.Stride+r.Min.X : y*c.mask.Stride+r.Max.X]
		clear(row)
	}
	c.ras.DrawOp = draw.Src
	c.ras.Draw(c.mask, r, image.Opaque, r.Min)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		mrow := c.mask.Pix[y*c.mask.Stride:]
		for x := r.Min.X; x < r.Max.X; x++ {
			m := mrow[x]
			if m == 0 {
				continue
			}
			col, a := s(float64(x)+0.5, float64(y)+0.5)
			a *= float64(m) / 255
			if a <= 0 {
				continue
			}
			c.blend(x, y, col, a)
		}
	}
}

// soft draws the polygon blurred by radius pixels (shadows, mist, glows).
func (c *canvas) soft(poly []pt, radius float64, col rgb, alpha float64) {
	if radius < 1 {
		c.fill(poly, solid(col, alpha))
		return
	}
	// Rasterise at reduced resolution, box-blur three times, sample back up.
	k := math.Max(1, radius/4)
	x0, y0, x1, y1 := bounds(poly)
	pad := radius * 2
	x0, y0, x1, y1 = x0-pad, y0-pad, x1+pad, y1+pad
	sw, sh := int((x1-x0)/k)+2, int((y1-y0)/k)+2
	if sw < 2 || sh < 2 || sw*sh > 4<<20 {
		return
	}
	var ras vector.Rasterizer
	ras.Reset(sw, sh)
	ras.MoveTo(float32((poly[0].X-x0)/k), float32((poly[0].Y-y0)/k))
	for _, p := range poly[1:] {
		ras.LineTo(float32((p.X-x0)/k), float32((p.Y-y0)/k))
	}
	ras.ClosePath()
	m := image.NewAlpha(image.Rect(0, 0, sw, sh))
	ras.Draw(m, m.Rect, image.Opaque, image.Point{})
	f := make([]float64, sw*sh)
	for i, v := range m.Pix {
		f[i] = float64(v) / 255
	}
	rb := int(math.Max(1, radius/k/1.7))
	tmp := make([]float64, len(f))
	for range 3 {
		boxBlur(f, tmp, sw, sh, rb)
	}
	ix0, iy0 := int(math.Max(0, x0)), int(math.Max(0, y0))
	ix1, iy1 := int(math.Min(float64(c.w), x1)), int(math.Min(float64(c.h), y1))
	for y := iy0; y < iy1; y++ {
		fy := (float64(y)+0.5-y0)/k - 0.5
		for x := ix0; x < ix1; x++ {
			fx := (float64(x)+0.5-x0)/k - 0.5
			v := bilinear(f, sw, sh, fx, fy)
			if v > 0.002 {
				c.blend(x, y, col, v*alpha)
			}
		}
	}
}

func bilinear(f []float64, w, h int, x, y float64) float64 {
	if x < 0 {
		x = 0
	}
	if y < 0 {
		y = 0
	}
	xi, yi := int(x), int(y)
	if xi >= w-1 {
		xi, x = w-2, float64(w-1)
	}
	if yi >= h-1 {
		yi, y = h-2, float64(h-1)
	}
	tx, ty := x-float64(xi), y-float64(yi)
	a := f[yi*w+xi]*(1-tx) + f[yi*w+xi+1]*tx
	b := f[(yi+1)*w+xi]*(1-tx) + f[(yi+1)*w+xi+1]*tx
	return a*(1-ty) + b*ty
}

// boxBlur blurs f (w×h) in place with a box of radius r, horizontally then vertically.
func boxBlur(f, tmp []float64, w, h, r int) {
	n := float64(2*r + 1)
	for y := 0; y < h; y++ {
		row := f[y*w : y*w+w]
		var s float64
		for i := -r; i <= r; i++ {
			s += row[clampi(i, 0, w-1)]
		}
		for x := 0; x < w; x++ {
			tmp[y*w+x] = s / n
			s += row[clampi(x+r+1, 0, w-1)] - row[clampi(x-r, 0, w-1)]
		}
	}
	for x := 0; x < w; x++ {
		var s float64
		for i := -r; i <= r; i++ {
			s += tmp[clampi(i, 0, h-1)*w+x]
		}
		for y := 0; y < h; y++ {
			f[y*w+x] = s / n
			s += tmp[clampi(y+r+1, 0, h-1)*w+x] - tmp[clampi(y-r, 0, h-1)*w+x]
		}
	}
}

func clampi(v, lo, hi int) int {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

// Shape helpers; all return polygons in pixel coordinates.

func rect(x, y, w, h float64) []pt {
	return []pt{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}
}

func ellipse(cx, cy, rx, ry float64) []pt {
	n := int(math.Max(12, math.Min(160, (rx+ry)/2)))
	p := make([]pt, n)
	for i := range p {
		a := 2 * math.Pi * float64(i) / float64(n)
		p[i] = pt{cx + rx*math.Cos(a), cy + ry*math.Sin(a)}
	}
	return p
}

// arc returns points of an elliptical arc from angle a0 to a1 (radians).
func arc(cx, cy, rx, ry, a0, a1 float64, n int) []pt {
	p := make([]pt, n+1)
	for i := range p {
		a := a0 + (a1-a0)*float64(i)/float64(n)
		p[i] = pt{cx + rx*math.Cos(a), cy + ry*math.Sin(a)}
	}
	return p
}

func rrect(x, y, w, h, r float64) []pt {
	r = math.Min(r, math.Min(w, h)/2)
	var p []pt
	p = append(p, arc(x+w-r, y+r, r, r, -math.Pi/2, 0, 6)...)
	p = append(p, arc(x+w-r, y+h-r, r, r, 0, math.Pi/2, 6)...)
	p = append(p, arc(x+r, y+h-r, r, r, math.Pi/2, math.Pi, 6)...)
	p = append(p, arc(x+r, y+r, r, r, math.Pi, 1.5*math.Pi, 6)...)
	return p
}

// line returns a quad of the given width along p0 → p1.
func line(p0, p1 pt, width float64) []pt {
	dx, dy := p1.X-p0.X, p1.Y-p0.Y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return nil
	}
	nx, ny := -dy/l*width/2, dx/l*width/2
	return []pt{{p0.X + nx, p0.Y + ny}, {p1.X + nx, p1.Y + ny}, {p1.X - nx, p1.Y - ny}, {p0.X - nx, p0.Y - ny}}
}

// stroke returns the outline of a polyline as quads.
func stroke(ps []pt, width float64) [][]pt {
	var out [][]pt
	for i := 0; i+1 < len(ps); i++ {
		if q := line(ps[i], ps[i+1], width); q != nil {
			out = append(out, q)
		}
	}
	return out
}

// bezier samples a cubic Bézier curve.
func bezier(p0, p1, p2, p3 pt, n int) []pt {
	out := make([]pt, n+1)
	for i := range out {
		t := float64(i) / float64(n)
		u := 1 - t
		a, b, c, d := u*u*u, 3*u*u*t, 3*u*t*t, t*t*t
		out[i] = pt{a*p0.X + b*p1.X + c*p2.X + d*p3.X, a*p0.Y + b*p1.Y + c*p2.Y + d*p3.Y}
	}
	return out
}

// rng is a small deterministic generator (splitmix64), so pictures depend
// only on the path and never on the Go version's math/rand streams.
type rng struct{ s uint64 }

func newRNG(key string) *rng {
	h := uint64(1469598103934665603)
	for i := 0; i < len(key); i++ {
		h ^= uint64(key[i])
		h *= 1099511628211
	}
	return &rng{s: h}
}

func (r *rng) next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	z := r.s
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// float returns a number in [0, 1).
func (r *rng) float() float64 { return float64(r.next()>>11) / (1 << 53) }

func (r *rng) rangef(lo, hi float64) float64 { return lo + (hi-lo)*r.float() }

func (r *rng) intn(n int) int { return int(r.next() % uint64(n)) }

// ridge is a smooth 1-D noise made of sines with random phases.
type ridge struct{ f, a, p []float64 }

func newRidge(r *rng, octaves int, base float64) ridge {
	var g ridge
	amp, freq := 1.0, base
	for range octaves {
		g.f = append(g.f, freq*r.rangef(0.8, 1.2))
		g.a = append(g.a, amp)
		g.p = append(g.p, r.rangef(0, 2*math.Pi))
		amp *= 0.5
		freq *= 2.1
	}
	return g
}

// at returns a value in about -1..1 at x (design units).
func (g ridge) at(x float64) float64 {
	var v, n float64
	for i := range g.f {
		v += g.a[i] * math.Sin(x*g.f[i]+g.p[i])
		n += g.a[i]
	}
	return v / n
}
