package pictures

import "math"

// A tiny 3-D renderer for stylised cars: bodies are extrusions of side
// profiles across the car's width, drawn with back-face culling and flat
// shading, which is enough for a believable turntable.

type vec3 struct{ X, Y, Z float64 }

func (a vec3) sub(b vec3) vec3      { return vec3{a.X - b.X, a.Y - b.Y, a.Z - b.Z} }
func (a vec3) add(b vec3) vec3      { return vec3{a.X + b.X, a.Y + b.Y, a.Z + b.Z} }
func (a vec3) scale(k float64) vec3 { return vec3{a.X * k, a.Y * k, a.Z * k} }
func (a vec3) dot(b vec3) float64   { return a.X*b.X + a.Y*b.Y + a.Z*b.Z }
func (a vec3) cross(b vec3) vec3 {
	return vec3{a.Y*b.Z - a.Z*b.Y, a.Z*b.X - a.X*b.Z, a.X*b.Y - a.Y*b.X}
}
func (a vec3) norm() vec3 {
	l := math.Sqrt(a.dot(a))
	if l == 0 {
		return a
	}
	return a.scale(1 / l)
}

// camera looks at the world origin (the centre of the car's footprint on the
// floor). World axes: x towards the car's front, y up, z towards the car's
// left side, which faces the camera at yaw 0.
type camera struct {
	yaw, pitch float64 // radians; negative yaw turns the front towards the camera
	dist       float64 // metres from the origin, for perspective
	scale      float64 // pixels per metre at the origin
	cx, cy     float64 // screen position of the origin
	pos        vec3    // camera position in world space
	light      vec3    // direction towards the key light, world space
	sy, cyw    float64 // sin and cos of yaw
	sp, cp     float64 // sin and cos of pitch
}

func newCamera(yaw, pitch, dist, scale, cx, cy float64) *camera {
	c := &camera{yaw: yaw, pitch: pitch, dist: dist, scale: scale, cx: cx, cy: cy}
	c.sy, c.cyw = math.Sincos(yaw)
	c.sp, c.cp = math.Sincos(pitch)
	c.pos = c.toWorld(vec3{0, 0, dist})
	// Key light above, left and in front of the camera; it turns with the
	// camera like studio lights around a turntable.
	c.light = c.toWorld(vec3{-0.45, 0.8, 0.55}).norm()
	return c
}

// toWorld turns a camera-space direction into world space.
func (c *camera) toWorld(v vec3) vec3 {
	y := v.Y*c.cp + v.Z*c.sp
	z := v.Z*c.cp - v.Y*c.sp
	return vec3{v.X*c.cyw - z*c.sy, y, v.X*c.sy + z*c.cyw}
}

// view returns camera-space coordinates of a world point (z towards the camera).
func (c *camera) view(p vec3) vec3 {
	x := p.X*c.cyw + p.Z*c.sy
	z := -p.X*c.sy + p.Z*c.cyw
	y := p.Y*c.cp - z*c.sp
	z = z*c.cp + p.Y*c.sp
	return vec3{x, y, z}
}

func (c *camera) project(p vec3) pt {
	v := c.view(p)
	k := c.dist / (c.dist - v.Z) * c.scale
	return pt{c.cx + v.X*k, c.cy - v.Y*k}
}

func (c *camera) projectAll(ps []vec3) []pt {
	out := make([]pt, len(ps))
	for i, p := range ps {
		out[i] = c.project(p)
	}
	return out
}

// facing reports whether a face with outward normal n through point p faces the camera.
func (c *camera) facing(p, n vec3) bool { return n.dot(c.pos.sub(p)) > 0 }

// depth is the distance of p towards the camera (larger is nearer).
func (c *camera) depth(p vec3) float64 { return c.view(p).Z }

// finish is a material: how a surface responds to light.
type finish int

const (
	paintFinish finish = iota
	glassFinish
	trimFinish   // black plastic
	chromeFinish // bright metal
	fabricFinish // soft top
	lampFinish   // head lamp lens
	tailFinish   // red rear lamp
	plateFinish
)

// material returns a shader for a flat face with normal n.
func (c *camera) material(f finish, paint rgb, n vec3, p vec3) rgb {
	l := c.light
	v := c.pos.sub(p).norm()
	diff := math.Max(0, n.dot(l))
	h := l.add(v).norm()
	spec := math.Pow(math.Max(0, n.dot(h)), 40)
	sky := math.Max(0, n.Y) // upward faces mirror the bright ceiling
	switch f {
	case glassFinish:
		base := hex(0x1c2630)
		return base.mul(0.7 + 0.5*diff).add(white.mul(0.25*sky + 0.6*spec))
	case trimFinish:
		return hex(0x1a1b1d).mul(0.6 + 0.6*diff).add(white.mul(0.08 * spec))
	case chromeFinish:
		return hex(0xb8bec6).mul(0.6 + 0.5*diff).add(white.mul(0.4 * spec))
	case fabricFinish:
		return hex(0x202022).mul(0.6 + 0.5*diff)
	case lampFinish:
		return hex(0xdfe6ee).mul(0.75 + 0.3*diff).add(white.mul(0.3 * spec))
	case tailFinish:
		return hex(0xa01018).mul(0.7 + 0.5*diff).add(white.mul(0.3 * spec))
	case plateFinish:
		return hex(0xf0f0ea).mul(0.75 + 0.25*diff)
	}
	// Car paint: diffuse, a clear-coat highlight and the studio ceiling.
	lum := paint.lum()
	amb := 0.42 + 0.25*lum
	col := paint.mul(amb + 0.62*diff)
	gloss := 0.25 + 0.35*(1-lum)
	return col.add(white.mul(gloss*spec*1.6 + 0.12*sky*(1-lum*0.6)))
}

// prof is a point of a side profile: x along the car, y up, k scales the
// half-width there (rounded noses are narrower).
type prof struct{ X, Y, K float64 }

// block is an extrusion of a profile (counter-clockwise, x right, y up)
// across the car: half-width hw0 at the bottom of the profile, hw1 at the top.
type block struct {
	pts      []prof
	hw0, hw1 float64
	zc       float64  // centre of the extrusion in z (mirrors sit off-centre)
	side     finish   // finish of the two side caps
	segs     []finish // finish per profile segment (i → i+1); nil: all side
	y0, y1   float64
}

func newBlock(pts []prof, hw0, hw1 float64, f finish) *block {
	b := &block{pts: pts, hw0: hw0, hw1: hw1, side: f}
	b.y0, b.y1 = math.Inf(1), math.Inf(-1)
	for _, p := range pts {
		b.y0, b.y1 = math.Min(b.y0, p.Y), math.Max(b.y1, p.Y)
	}
	return b
}

// hw returns the half-width at height y.
func (b *block) hw(y float64) float64 {
	if b.y1 == b.y0 {
		return b.hw0
	}
	return lerp(b.hw0, b.hw1, clamp01((y-b.y0)/(b.y1-b.y0)))
}

func (b *block) at(p prof, side float64) vec3 {
	k := p.K
	if k == 0 {
		k = 1
	}
	return vec3{p.X, p.Y, b.zc + side*b.hw(p.Y)*k}
}

func (b *block) center() vec3 {
	var s vec3
	for _, p := range b.pts {
		s = s.add(vec3{p.X, p.Y, b.zc})
	}
	return s.scale(1 / float64(len(b.pts)))
}

// draw renders the visible faces of the block.
func (b *block) draw(cv *canvas, cam *camera, paint rgb) {
	n := len(b.pts)
	for i := range n {
		p0, p1 := b.pts[i], b.pts[(i+1)%n]
		dx, dy := p1.X-p0.X, p1.Y-p0.Y
		q := []vec3{b.at(p0, 1), b.at(p1, 1), b.at(p1, -1), b.at(p0, -1)}
		nrm := vec3{dy, -dx, 0}.norm()
		mid := q[0].add(q[2]).scale(0.5)
		if !cam.facing(mid, nrm) {
			continue
		}
		f := b.side
		if b.segs != nil {
			f = b.segs[i]
		}
		col := cam.material(f, paint, nrm, mid)
		cv.fill(cam.projectAll(q), solid(col, 1))
	}
	for _, side := range []float64{1, -1} {
		nrm := vec3{0, 0, side}
		c := b.center()
		c.Z = b.zc + side*b.hw(c.Y)
		if !cam.facing(c, nrm) {
			continue
		}
		ps := make([]vec3, n)
		for i, p := range b.pts {
			ps[i] = b.at(p, side)
		}
		poly := cam.projectAll(ps)
		base := cam.material(b.side, paint, nrm, c)
		cv.fill(poly, b.sideShader(cam, base, side))
	}
}

// sideShader shades a side cap with a vertical gradient: a bright shoulder
// reflecting the studio ceiling and a darker sill reflecting the floor.
func (b *block) sideShader(cam *camera, base rgb, side float64) shader {
	c := b.center()
	top := cam.project(vec3{c.X, b.y1, b.zc + side*b.hw(b.y1)}).Y
	bot := cam.project(vec3{c.X, b.y0, b.zc + side*b.hw(b.y0)}).Y
	if bot-top < 1 {
		return solid(base, 1)
	}
	switch b.side {
	case paintFinish:
		hi := base.mix(white, 0.28)
		lo := base.mul(0.62 + 0.25*base.lum())
		return func(_, y float64) (rgb, float64) {
			t := (y - top) / (bot - top)
			switch {
			case t < 0.16:
				return hi.mix(base.mix(white, 0.12), t/0.16), 1
			case t < 0.22:
				return base.mix(white, 0.12).mix(base.mul(0.86), (t-0.16)/0.06), 1
			default:
				return base.mul(0.86).mix(lo, smooth((t-0.22)/0.78)), 1
			}
		}
	case glassFinish:
		return vgrad(top, bot, base.mix(hex(0x8da2b5), 0.45), base.mul(0.7), 1)
	}
	return vgrad(top, bot, base.mul(1.1), base.mul(0.8), 1)
}
