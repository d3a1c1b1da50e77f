package pictures

import (
	"image"
	"math"
)

// Bodies lists the body types of demo car pictures.
var Bodies = []string{"sedan", "suv", "hatchback", "estate", "coupe", "convertible", "van", "truck", "pickup", "mpv"}

// Colors lists the paint colours of demo car pictures.
var Colors = []string{"white", "black", "silver", "grey", "blue", "red", "green", "brown", "beige", "yellow", "orange"}

var paints = map[string]rgb{
	"white":  hex(0xeceeef),
	"black":  hex(0x141517),
	"silver": hex(0xb4b9bf),
	"grey":   hex(0x5d6368),
	"blue":   hex(0x1d4f9c),
	"red":    hex(0xb3121c),
	"green":  hex(0x1f5a36),
	"brown":  hex(0x5a3a24),
	"beige":  hex(0xcdbd98),
	"yellow": hex(0xf0c419),
	"orange": hex(0xe8641a),
}

// seg is a profile point and the finish of the segment that starts there.
type seg struct {
	p prof
	f finish
}

// carSpec describes a body type in metres.
type carSpec struct {
	L, W, R, clr float64 // length, width, wheel radius, ground clearance
	H            float64 // overall height
	axles        []float64
	lower        []prof
	cabin        []seg
	cabHW        [2]float64 // cabin half-width at base and roof
	pillars      []float64  // x of pillars between side windows
	winMin       float64    // side windows only where x ≥ winMin
	roof         finish     // finish of the cabin sides and roof
	lamps        [2]float64 // head lamp y range
	grille       [2]float64
	tails        [2]float64
	cladding     float64 // height of dark plastic along the sills
	bed          [2]float64
	box          *block // cargo box of a truck
	chassis      *block
}

func p(x, y float64) prof     { return prof{X: x, Y: y} }
func pk(x, y, k float64) prof { return prof{X: x, Y: y, K: k} }

func cab(ps ...any) []seg {
	var out []seg
	for i := 0; i < len(ps); i += 2 {
		out = append(out, seg{ps[i].(prof), ps[i+1].(finish)})
	}
	return out
}

const (
	gl = glassFinish
	pa = paintFinish
	tr = trimFinish
)

var carSpecs = map[string]*carSpec{
	"sedan": {
		L: 4.85, W: 1.85, R: 0.33, clr: 0.16, H: 1.44, axles: []float64{1.45, -1.42},
		lower: []prof{p(-2.36, 0.22), p(2.3, 0.22), pk(2.42, 0.34, 0.9), pk(2.46, 0.55, 0.86), pk(2.4, 0.68, 0.84), pk(2.18, 0.77, 0.92),
			p(1.2, 0.87), p(0.75, 0.92), p(-1.5, 0.97), pk(-2.2, 0.95, 0.93), pk(-2.39, 0.86, 0.88), pk(-2.43, 0.6, 0.88), pk(-2.4, 0.34, 0.92)},
		cabin: cab(p(-1.5, 0.97), tr, p(0.75, 0.92), gl, p(0.02, 1.37), pa, p(-0.22, 1.43), pa, p(-0.85, 1.42), gl, p(-1.12, 1.34), gl),
		cabHW: [2]float64{0.87, 0.68}, pillars: []float64{-0.32}, winMin: -9,
		lamps: [2]float64{0.62, 0.72}, grille: [2]float64{0.36, 0.58}, tails: [2]float64{0.76, 0.88},
	},
	"hatchback": {
		L: 4.15, W: 1.8, R: 0.31, clr: 0.15, H: 1.47, axles: []float64{1.3, -1.28},
		lower: []prof{p(-2.02, 0.2), p(1.98, 0.2), pk(2.08, 0.34, 0.9), pk(2.11, 0.55, 0.86), pk(2.04, 0.7, 0.84), pk(1.82, 0.79, 0.92),
			p(1.0, 0.9), p(0.65, 0.94), p(-1.92, 0.99), pk(-2.06, 0.9, 0.92), pk(-2.1, 0.6, 0.9), pk(-2.06, 0.32, 0.92)},
		cabin: cab(p(-1.92, 0.99), tr, p(0.65, 0.94), gl, p(-0.1, 1.41), pa, p(-0.4, 1.47), pa, p(-1.6, 1.45), gl, p(-1.86, 1.3), gl),
		cabHW: [2]float64{0.85, 0.68}, pillars: []float64{-0.42, -1.3}, winMin: -9,
		lamps: [2]float64{0.63, 0.73}, grille: [2]float64{0.34, 0.56}, tails: [2]float64{0.78, 0.92},
	},
	"estate": {
		L: 4.95, W: 1.86, R: 0.33, clr: 0.16, H: 1.47, axles: []float64{1.45, -1.45},
		lower: []prof{p(-2.4, 0.22), p(2.33, 0.22), pk(2.45, 0.34, 0.9), pk(2.49, 0.55, 0.86), pk(2.43, 0.68, 0.84), pk(2.21, 0.77, 0.92),
			p(1.2, 0.87), p(0.78, 0.92), p(-2.3, 0.98), pk(-2.44, 0.9, 0.92), pk(-2.48, 0.6, 0.9), pk(-2.44, 0.34, 0.92)},
		cabin: cab(p(-2.3, 0.98), tr, p(0.78, 0.92), gl, p(0.0, 1.4), pa, p(-0.28, 1.47), pa, p(-2.05, 1.45), gl, p(-2.36, 1.28), gl),
		cabHW: [2]float64{0.87, 0.7}, pillars: []float64{-0.36, -1.42}, winMin: -9,
		lamps: [2]float64{0.62, 0.72}, grille: [2]float64{0.36, 0.58}, tails: [2]float64{0.78, 0.92},
	},
	"coupe": {
		L: 4.6, W: 1.88, R: 0.34, clr: 0.13, H: 1.33, axles: []float64{1.4, -1.3},
		lower: []prof{p(-2.24, 0.18), p(2.2, 0.18), pk(2.33, 0.3, 0.9), pk(2.37, 0.48, 0.85), pk(2.3, 0.6, 0.82), pk(2.05, 0.7, 0.9),
			p(1.1, 0.82), p(0.55, 0.88), p(-1.45, 0.92), pk(-2.12, 0.9, 0.92), pk(-2.3, 0.82, 0.88), pk(-2.33, 0.55, 0.88), pk(-2.3, 0.3, 0.92)},
		cabin: cab(p(-1.45, 0.92), tr, p(0.55, 0.88), gl, p(-0.32, 1.29), pa, p(-0.6, 1.33), pa, p(-0.95, 1.27), gl, p(-1.2, 1.12), gl),
		cabHW: [2]float64{0.86, 0.66}, winMin: -9,
		lamps: [2]float64{0.52, 0.62}, grille: [2]float64{0.28, 0.48}, tails: [2]float64{0.74, 0.85},
	},
	"suv": {
		L: 4.75, W: 1.95, R: 0.38, clr: 0.22, H: 1.72, axles: []float64{1.45, -1.4},
		lower: []prof{p(-2.3, 0.3), p(2.28, 0.3), pk(2.39, 0.46, 0.9), pk(2.42, 0.75, 0.86), pk(2.36, 0.93, 0.85), pk(2.12, 1.02, 0.93),
			p(1.2, 1.08), p(0.8, 1.1), p(-2.18, 1.13), pk(-2.33, 1.07, 0.93), pk(-2.39, 0.75, 0.9), pk(-2.36, 0.42, 0.92)},
		cabin: cab(p(-2.18, 1.13), tr, p(0.8, 1.1), gl, p(0.06, 1.65), pa, p(-0.18, 1.72), pa, p(-2.02, 1.7), gl, p(-2.3, 1.48), gl),
		cabHW: [2]float64{0.93, 0.8}, pillars: []float64{-0.45, -1.42}, winMin: -9,
		lamps: [2]float64{0.84, 0.95}, grille: [2]float64{0.5, 0.82}, tails: [2]float64{0.9, 1.04}, cladding: 0.22,
	},
	"mpv": {
		L: 4.6, W: 1.88, R: 0.33, clr: 0.16, H: 1.7, axles: []float64{1.4, -1.42},
		lower: []prof{p(-2.2, 0.24), p(2.2, 0.24), pk(2.3, 0.38, 0.9), pk(2.33, 0.62, 0.86), pk(2.25, 0.78, 0.86), pk(1.95, 0.88, 0.93),
			p(1.45, 0.97), p(-2.14, 1.02), pk(-2.27, 0.95, 0.92), pk(-2.31, 0.62, 0.9), pk(-2.27, 0.34, 0.92)},
		cabin: cab(p(-2.14, 1.02), tr, p(1.45, 0.97), gl, p(0.22, 1.64), pa, p(-0.08, 1.7), pa, p(-1.95, 1.68), gl, p(-2.24, 1.36), gl),
		cabHW: [2]float64{0.9, 0.76}, pillars: []float64{0.78, -0.5, -1.45}, winMin: -9,
		lamps: [2]float64{0.68, 0.78}, grille: [2]float64{0.36, 0.62}, tails: [2]float64{0.9, 1.1},
	},
	"van": {
		L: 5.3, W: 2.0, R: 0.34, clr: 0.2, H: 2.2, axles: []float64{1.95, -1.75},
		lower: []prof{p(-2.62, 0.28), p(2.55, 0.28), pk(2.65, 0.45, 0.9), pk(2.68, 0.7, 0.86), pk(2.6, 0.88, 0.86), pk(2.3, 0.98, 0.93),
			p(1.9, 1.08), p(-2.62, 1.1), pk(-2.65, 0.7, 0.97)},
		cabin: cab(p(-2.62, 1.1), tr, p(1.9, 1.08), gl, p(1.05, 2.04), pa, p(0.78, 2.2), pa, p(-2.52, 2.2), pa, p(-2.64, 2.05), pa),
		cabHW: [2]float64{0.98, 0.92}, winMin: 0.55,
		lamps: [2]float64{0.76, 0.88}, grille: [2]float64{0.42, 0.72}, tails: [2]float64{0.55, 1.05}, cladding: 0.2,
	},
	"pickup": {
		L: 5.4, W: 2.0, R: 0.4, clr: 0.25, H: 1.88, axles: []float64{1.75, -1.65},
		lower: []prof{p(-2.64, 0.36), p(2.6, 0.36), pk(2.7, 0.52, 0.9), pk(2.73, 0.82, 0.88), pk(2.66, 1.02, 0.88), pk(2.35, 1.11, 0.94),
			p(1.2, 1.17), p(0.9, 1.19), p(-2.66, 1.22), pk(-2.7, 1.1, 0.97), pk(-2.69, 0.5, 0.97)},
		cabin: cab(p(-0.95, 1.2), tr, p(0.9, 1.19), gl, p(0.22, 1.83), pa, p(0.0, 1.88), pa, p(-0.88, 1.88), gl),
		cabHW: [2]float64{0.96, 0.84}, pillars: []float64{-0.12}, winMin: -9,
		lamps: [2]float64{0.88, 1.0}, grille: [2]float64{0.52, 0.95}, tails: [2]float64{0.8, 1.12}, cladding: 0.18,
		bed: [2]float64{-2.58, -1.02},
	},
	"convertible": {
		L: 4.55, W: 1.86, R: 0.34, clr: 0.13, H: 1.32, axles: []float64{1.4, -1.28},
		lower: []prof{p(-2.22, 0.18), p(2.18, 0.18), pk(2.31, 0.3, 0.9), pk(2.35, 0.48, 0.85), pk(2.28, 0.6, 0.82), pk(2.03, 0.7, 0.9),
			p(1.1, 0.82), p(0.5, 0.88), p(-1.5, 0.93), pk(-2.1, 0.9, 0.92), pk(-2.28, 0.82, 0.88), pk(-2.31, 0.55, 0.88), pk(-2.28, 0.3, 0.92)},
		cabin: cab(p(-1.5, 0.93), tr, p(0.5, 0.88), gl, p(-0.28, 1.26), fabricFinish, p(-0.6, 1.32), fabricFinish, p(-1.05, 1.28), fabricFinish, p(-1.4, 1.05), fabricFinish),
		cabHW: [2]float64{0.85, 0.68}, winMin: -9, roof: fabricFinish,
		lamps: [2]float64{0.52, 0.62}, grille: [2]float64{0.28, 0.48}, tails: [2]float64{0.74, 0.85},
	},
	"truck": {
		L: 7.3, W: 2.35, R: 0.5, clr: 0.35, H: 3.4, axles: []float64{2.55, -2.2},
		lower: []prof{p(1.35, 0.48), p(3.52, 0.48), pk(3.62, 0.62, 0.96), pk(3.65, 1.2, 0.95), pk(3.6, 1.55, 0.96), p(1.35, 1.6)},
		cabin: cab(p(1.35, 1.6), tr, p(3.6, 1.55), gl, p(3.42, 2.7), pa, p(3.25, 2.88), pa, p(1.35, 2.88), pa),
		cabHW: [2]float64{1.15, 1.1}, winMin: 2.45,
		lamps: [2]float64{0.85, 1.02}, grille: [2]float64{1.08, 1.5}, tails: [2]float64{1.1, 1.25},
	},
}

func init() {
	t := carSpecs["truck"]
	t.box = newBlock([]prof{p(-3.65, 1.0), p(1.2, 1.0), p(1.2, 3.4), p(-3.65, 3.4)}, 1.25, 1.25, paintFinish)
	t.chassis = newBlock([]prof{p(-3.5, 0.55), p(1.4, 0.55), p(1.4, 1.0), p(-3.5, 1.0)}, 0.85, 0.85, trimFinish)
}

// Car views.
const (
	viewFront34 = 1
	viewSide    = 2
	viewRear34  = 3
	viewRear    = 4
	viewFront   = 5
	viewDash    = 6
	viewSeats   = 7
	viewWheel   = 8
)

// carShot places the camera for one picture of a car.
type carShot struct {
	yaw   float64 // degrees
	zoom  float64
	focus vec3 // world point put at the focus position on screen
	fx    float64
	fy    float64 // focus position as fractions of the canvas
}

func shotFor(view int, spec *carSpec) carShot {
	mid := vec3{0, spec.H * 0.45, 0}
	switch view {
	case viewFront34:
		return carShot{yaw: -38, zoom: 0.92, focus: mid, fx: 0.5, fy: 0.56}
	case viewSide:
		return carShot{yaw: 0, zoom: 1, focus: mid, fx: 0.5, fy: 0.55}
	case viewRear34:
		return carShot{yaw: 38, zoom: 0.92, focus: mid, fx: 0.5, fy: 0.56}
	case viewRear:
		return carShot{yaw: 90, zoom: 1.45, focus: mid, fx: 0.5, fy: 0.58}
	case viewFront:
		return carShot{yaw: -90, zoom: 1.45, focus: mid, fx: 0.5, fy: 0.58}
	case viewWheel:
		return carShot{yaw: -22, zoom: 3.2, focus: vec3{spec.axles[0], spec.R * 1.25, spec.W / 2}, fx: 0.5, fy: 0.52}
	}
	return carShot{yaw: 0, zoom: 1, focus: mid, fx: 0.5, fy: 0.55}
}

// renderCar draws a car picture of w×h pixels. frame ≥ 0 draws a 360 frame
// instead of a view.
func renderCar(w, h int, body, color string, view, frame int, key string) *image.RGBA {
	spec := carSpecs[body]
	paint := paints[color]
	cv := newCanvas(w, h)
	r := newRNG(key)
	if frame < 0 && view == viewDash {
		drawDashboard(cv, paint, r)
		return cv.image()
	}
	if frame < 0 && view == viewSeats {
		drawSeats(cv, paint, color, r)
		return cv.image()
	}
	shot := shotFor(view, spec)
	if frame >= 0 {
		shot = carShot{yaw: -38 - 10*float64(frame), zoom: 0.9, focus: vec3{0, spec.H * 0.45, 0}, fx: 0.5, fy: 0.56}
	}
	cam := frameCamera(cv, spec, shot)
	studio(cv, cam, r)
	drawCar(cv, cam, spec, paint)
	return cv.image()
}

func frameCamera(cv *canvas, spec *carSpec, shot carShot) *camera {
	w, h := float64(cv.w), float64(cv.h)
	scale := math.Min(0.74*w/spec.L, 0.52*h/spec.H) * shot.zoom
	dist := 2.6*spec.L + 5
	cam := newCamera(shot.yaw*math.Pi/180, 8*math.Pi/180, dist, scale, 0, 0)
	f := cam.project(shot.focus)
	cam.cx, cam.cy = w*shot.fx-f.X, h*shot.fy-f.Y
	return cam
}

// studio paints a photo studio: a seamless backdrop with a soft spotlight.
func studio(cv *canvas, cam *camera, r *rng) {
	w, h := float64(cv.w), float64(cv.h)
	tint := []rgb{hex(0xdfe3e8), hex(0xe6e2dc), hex(0xdde2e0), hex(0xe2e0e6)}[r.intn(4)]
	floorY := cam.project(vec3{-40, 0, -40}).Y // a far point on the floor: the horizon
	floorY = math.Max(h*0.25, math.Min(h*0.6, floorY))
	top := tint.mul(0.78)
	cv.paint(func(_, y float64) (rgb, float64) {
		if y < floorY {
			return top.mix(tint, smooth(y/floorY)), 1
		}
		t := (y - floorY) / (h - floorY)
		return tint.mix(white, 0.35*smooth(t*3)).mix(tint.mul(0.86), smooth(t)), 1
	})
	o := cam.project(vec3{})
	cv.fill(rect(0, 0, w, h), rgrad(o.X, o.Y, w*0.55, h*0.35, white, 0.45))
}

// drawCar draws the shadow, wheels, body, glass and lamps.
func drawCar(cv *canvas, cam *camera, spec *carSpec, paint rgb) {
	// Soft floor shadows: a wide ambient one and a dark one close under the car.
	hl, hw := spec.L/2, spec.W/2
	foot := func(ex, ez float64) []pt {
		return cam.projectAll([]vec3{{hl + ex, 0, hw + ez}, {-hl - ex, 0, hw + ez}, {-hl - ex, 0, -hw - ez}, {hl + ex, 0, -hw - ez}})
	}
	cv.soft(foot(0.25, 0.2), cam.scale*0.45, black, 0.35)
	cv.soft(foot(-0.15, -0.08), cam.scale*0.12, black, 0.6)

	near := 1.0 // the side facing the camera
	if cam.pos.Z < 0 {
		near = -1
	}
	sideSeen := math.Abs(cam.pos.Z) > 0.05*cam.dist
	whw := hw - 0.07
	// Far wheels first, then the body, then the near wheels.
	for _, x := range spec.axles {
		drawWheel(cv, cam, spec, x, -near, whw)
		if !sideSeen {
			drawWheel(cv, cam, spec, x, near, whw)
		}
	}
	for _, x := range spec.axles {
		cv.soft(cam.projectAll(circle3(vec3{x, 0, near * whw}, spec.R*0.9, 0.12, 24, 'y')), cam.scale*0.05, black, 0.7)
	}
	lower := newBlock(spec.lower, hw, hw, paintFinish)
	cabin := spec.cabinBlock()
	type group struct {
		depth float64
		draw  func()
	}
	groups := []group{{cam.depth(vec3{spec.L / 4, 1, 0}), func() {
		lower.draw(cv, cam, paint)
		spec.drawLowerDetails(cv, cam, lower, paint, near, sideSeen)
		cabin.draw(cv, cam, paint)
		spec.drawWindows(cv, cam, cabin, near, sideSeen)
		spec.drawMirrors(cv, cam, paint, near)
	}}}
	if spec.box != nil {
		box, chassis := spec.box, spec.chassis
		groups[0].depth = cam.depth(vec3{2.5, 1, 0})
		groups = append(groups, group{cam.depth(vec3{-1.2, 1, 0}), func() {
			chassis.draw(cv, cam, paint)
			box.draw(cv, cam, hex(0xeef0f2))
			stripe := []vec3{{1.2, 1.5, near * 1.251}, {-3.65, 1.5, near * 1.251}, {-3.65, 1.75, near * 1.251}, {1.2, 1.75, near * 1.251}}
			if sideSeen {
				cv.fill(cam.projectAll(stripe), solid(paint.mul(0.9), 1))
			}
		}})
		if groups[1].depth < groups[0].depth {
			groups[0], groups[1] = groups[1], groups[0]
		}
	}
	for _, g := range groups {
		g.draw()
	}
	if sideSeen {
		for _, x := range spec.axles {
			drawWheel(cv, cam, spec, x, near, whw)
		}
	}
}

func (spec *carSpec) cabinBlock() *block {
	pts := make([]prof, len(spec.cabin))
	segs := make([]finish, len(spec.cabin))
	for i, s := range spec.cabin {
		pts[i] = s.p
		segs[i] = s.f
	}
	side := paintFinish
	if spec.roof != 0 {
		side = spec.roof
	}
	b := newBlock(pts, spec.cabHW[0], spec.cabHW[1], side)
	b.segs = segs
	return b
}

// circle3 returns a circle of radius r around c in the plane normal to axis
// ('x', 'y' or 'z'); sy squashes it along its second axis.
func circle3(c vec3, r, squash float64, n int, axis byte) []vec3 {
	out := make([]vec3, n)
	for i := range out {
		s, co := math.Sincos(2 * math.Pi * float64(i) / float64(n))
		switch axis {
		case 'z':
			out[i] = vec3{c.X + r*co, c.Y + r*s, c.Z}
		case 'y':
			out[i] = vec3{c.X + r*co, c.Y, c.Z + r*s*squash}
		}
	}
	return out
}

// drawWheel draws the wheel on one side (side = ±1) with its outer face at z = side·zo.
func drawWheel(cv *canvas, cam *camera, spec *carSpec, x, side, zo float64) {
	R := spec.R
	tw := math.Min(0.3, R*0.7)
	outer := vec3{x, R, side * zo}
	inner := vec3{x, R, side * (zo - tw)}
	n := 48
	po := cam.projectAll(circle3(outer, R, 1, n, 'z'))
	pi := cam.projectAll(circle3(inner, R, 1, n, 'z'))
	tyre := hex(0x151617)
	cv.fill(pi, solid(tyre, 1))
	// Tread: the band between the two rims, drawn as quads around the circle.
	for i := range n {
		j := (i + 1) % n
		cv.fill([]pt{po[i], po[j], pi[j], pi[i]}, solid(hex(0x1d1e20), 1))
	}
	faceOut := cam.facing(outer, vec3{0, 0, side})
	if !faceOut {
		cv.fill(po, solid(tyre, 1))
		return
	}
	o := cam.project(outer)
	top := cam.project(vec3{x, 2 * R, side * zo})
	cv.fill(po, lgrad(top, o, hex(0x3a3c3f), tyre, 1))
	rim := R * 0.66
	cv.fill(cam.projectAll(circle3(outer, rim*1.04, 1, n, 'z')), solid(hex(0x0c0c0d), 1))
	rimC := cam.projectAll(circle3(outer, rim, 1, n, 'z'))
	cv.fill(rimC, solid(hex(0x2b2e31), 1))
	// Five twin spokes.
	metal := cam.material(chromeFinish, black, vec3{0, 0, side}, outer)
	for k := range 5 {
		a := 2*math.Pi*float64(k)/5 + 0.3
		for _, d := range []float64{-0.13, 0.13} {
			s0, c0 := math.Sincos(a + d*0.6)
			s1, c1 := math.Sincos(a + d)
			q := []vec3{
				{x + 0.2*rim*c0, R + 0.2*rim*s0, side * zo},
				{x + 0.95*rim*c1, R + 0.95*rim*s1, side * zo},
				{x + 0.95*rim*math.Cos(a), R + 0.95*rim*math.Sin(a), side * zo},
				{x + 0.2*rim*math.Cos(a), R + 0.2*rim*math.Sin(a), side * zo},
			}
			cv.fill(cam.projectAll(q), solid(metal.mul(0.9+0.15*math.Sin(a)), 1))
		}
	}
	ring := cam.projectAll(circle3(outer, rim, 1, n, 'z'))
	ringIn := cam.projectAll(circle3(outer, rim*0.9, 1, n, 'z'))
	reverse(ringIn)
	cv.fillMany([][]pt{ring, ringIn}, lgrad(top, cam.project(vec3{x, 0, side * zo}), metal.mix(white, 0.3), metal.mul(0.7), 1))
	cv.fill(cam.projectAll(circle3(outer, rim*0.22, 1, 24, 'z')), solid(metal.mul(0.85), 1))
	cv.fill(cam.projectAll(circle3(outer, rim*0.1, 1, 16, 'z')), solid(hex(0x1a1b1c), 1))
}

func reverse(ps []pt) {
	for i, j := 0, len(ps)-1; i < j; i, j = i+1, j-1 {
		ps[i], ps[j] = ps[j], ps[i]
	}
}

// chainX returns the x where the front (dir = 1) or rear (dir = -1) outline
// of the profile crosses height y, and the half-width factor there.
func chainX(pts []prof, y, dir float64) (float64, float64) {
	best, bk := math.NaN(), 1.0
	for i := range pts {
		a, b := pts[i], pts[(i+1)%len(pts)]
		if (a.Y-y)*(b.Y-y) > 0 || a.Y == b.Y {
			continue
		}
		t := (y - a.Y) / (b.Y - a.Y)
		x := lerp(a.X, b.X, t)
		ka, kb := a.K, b.K
		if ka == 0 {
			ka = 1
		}
		if kb == 0 {
			kb = 1
		}
		if math.IsNaN(best) || x*dir > best*dir {
			best, bk = x, lerp(ka, kb, t)
		}
	}
	return best, bk
}

// endQuad returns a quad on the front or rear face between heights y0 and
// y1 and z fractions z0..z1 of the local half-width (signed).
func (spec *carSpec) endQuad(dir, y0, y1, z0, z1 float64) []vec3 {
	hw := spec.W / 2
	x0, k0 := chainX(spec.lower, y0, dir)
	x1, k1 := chainX(spec.lower, y1, dir)
	e := 0.004 * dir
	return []vec3{{x0 + e, y0, z0 * hw * k0}, {x0 + e, y0, z1 * hw * k0}, {x1 + e, y1, z1 * hw * k1}, {x1 + e, y1, z0 * hw * k1}}
}

func quadNormal(q []vec3) vec3 { return q[1].sub(q[0]).cross(q[3].sub(q[0])).norm() }

func (spec *carSpec) drawEnd(cv *canvas, cam *camera, dir, y0, y1, z0, z1 float64, f finish, paint rgb) {
	q := spec.endQuad(dir, y0, y1, z0, z1)
	n := quadNormal(q)
	if n.X*dir < 0 {
		n = n.scale(-1)
	}
	c := q[0].add(q[2]).scale(0.5)
	if !cam.facing(c, n) {
		return
	}
	cv.fill(cam.projectAll(q), solid(cam.material(f, paint, n, c), 1))
}

func (spec *carSpec) drawLowerDetails(cv *canvas, cam *camera, lower *block, paint rgb, near float64, sideSeen bool) {
	hw := spec.W / 2
	zs := near * (hw + 0.002)
	onSide := func(ps ...[2]float64) []pt {
		v := make([]vec3, len(ps))
		for i, q := range ps {
			v[i] = vec3{q[0], q[1], zs}
		}
		return cam.projectAll(v)
	}
	front, _ := chainX(spec.lower, (spec.lamps[0]+spec.lamps[1])/2, 1)
	rear, _ := chainX(spec.lower, (spec.tails[0]+spec.tails[1])/2, -1)
	bot := spec.lower[0].Y
	if sideSeen {
		// Wheel arches.
		for _, x := range spec.axles {
			ra := spec.R * 1.14
			t0 := math.Asin(clamp01((bot - spec.R) / ra))
			if bot < spec.R {
				t0 = -math.Asin(clamp01((spec.R - bot) / ra))
			}
			var ps []vec3
			for i := 0; i <= 24; i++ {
				a := t0 + (math.Pi-2*t0)*float64(i)/24
				ps = append(ps, vec3{x + ra*math.Cos(a), spec.R + ra*math.Sin(a), zs})
			}
			cv.fill(cam.projectAll(ps), solid(hex(0x0d0d0e), 1))
			if spec.cladding > 0 {
				var lip []vec3
				for i := 0; i <= 24; i++ {
					a := t0 + (math.Pi-2*t0)*float64(i)/24
					lip = append(lip, vec3{x + (ra+0.07)*math.Cos(a), spec.R + (ra+0.07)*math.Sin(a), zs})
				}
				for i := 24; i >= 0; i-- {
					a := t0 + (math.Pi-2*t0)*float64(i)/24
					lip = append(lip, vec3{x + ra*math.Cos(a), spec.R + ra*math.Sin(a), zs})
				}
				cv.fill(cam.projectAll(lip), solid(hex(0x232427), 1))
			}
		}
		// Sill shadow, cladding, shoulder crease and door seams.
		top := spec.lower[len(spec.lower)/2].Y
		if spec.cladding > 0 {
			cv.fill(onSide([2]float64{rear + 0.1, bot}, [2]float64{front - 0.1, bot}, [2]float64{front - 0.1, bot + spec.cladding*0.6}, [2]float64{rear + 0.1, bot + spec.cladding*0.6}), solid(hex(0x26272a), 0.9))
		}
		crease := bot + (top-bot)*0.72
		cv.fill(onSide([2]float64{rear + 0.15, crease}, [2]float64{front - 0.2, crease + 0.02}, [2]float64{front - 0.2, crease + 0.035}, [2]float64{rear + 0.15, crease + 0.015}), solid(white, 0.22))
		if spec.box == nil {
			cb := spec.cabin[1].p.X
			seams := append([]float64{cb - 0.08}, spec.pillars...)
			if len(spec.pillars) > 0 && spec.bed[0] == 0 {
				seams = append(seams, spec.pillars[len(spec.pillars)-1]-0.85)
			} else if len(spec.pillars) == 0 {
				seams = append(seams, cb-1.25)
			}
			for i, x := range seams {
				cv.fill(onSide([2]float64{x, bot + 0.06}, [2]float64{x + 0.012, bot + 0.06}, [2]float64{x + 0.012, top - 0.02}, [2]float64{x, top - 0.02}), solid(black, 0.35))
				if i+1 < len(seams) || len(seams) == 1 {
					hx := x - 0.32
					if len(seams) == 1 {
						hx = x - 0.5
					}
					cv.fill(onSide([2]float64{hx - 0.12, top - 0.14}, [2]float64{hx, top - 0.14}, [2]float64{hx, top - 0.11}, [2]float64{hx - 0.12, top - 0.11}), solid(hex(0xc8ccd0), 0.85))
				}
			}
		}
		// Lamp ends wrapping round the corners.
		ly0, ly1 := spec.lamps[0], spec.lamps[1]
		fx0, _ := chainX(spec.lower, ly0, 1)
		fx1, _ := chainX(spec.lower, ly1, 1)
		cv.fill(onSide([2]float64{fx0 - 0.02, ly0}, [2]float64{fx1 - 0.03, ly1}, [2]float64{fx1 - 0.3, ly1 - 0.005}, [2]float64{fx0 - 0.22, ly0 + 0.03}), solid(cam.material(lampFinish, paint, vec3{0, 0, near}, vec3{front, ly0, zs}), 1))
		ty0, ty1 := spec.tails[0], spec.tails[1]
		rx0, _ := chainX(spec.lower, ty0, -1)
		rx1, _ := chainX(spec.lower, ty1, -1)
		cv.fill(onSide([2]float64{rx0 + 0.02, ty0}, [2]float64{rx0 + 0.25, ty0 + 0.02}, [2]float64{rx1 + 0.3, ty1}, [2]float64{rx1 + 0.03, ty1}), solid(cam.material(tailFinish, paint, vec3{0, 0, near}, vec3{rear, ty0, zs}), 1))
	}
	// Front: grille, lamps, plate; rear: lamps and plate.
	g0, g1 := spec.grille[0], spec.grille[1]
	spec.drawEnd(cv, cam, 1, g0, g1, -0.42, 0.42, trimFinish, paint)
	spec.drawEnd(cv, cam, 1, g0+(g1-g0)*0.45, g0+(g1-g0)*0.55, -0.42, 0.42, chromeFinish, paint)
	spec.drawEnd(cv, cam, 1, bot+0.05, bot+0.12, -0.6, 0.6, trimFinish, paint)
	for _, s := range []float64{-1, 1} {
		spec.drawEnd(cv, cam, 1, spec.lamps[0], spec.lamps[1], s*0.5, s*0.94, lampFinish, paint)
		spec.drawEnd(cv, cam, 1, spec.lamps[0]+0.01, spec.lamps[0]+0.025, s*0.55, s*0.9, chromeFinish, paint)
		spec.drawEnd(cv, cam, -1, spec.tails[0], spec.tails[1], s*0.55, s*0.96, tailFinish, paint)
	}
	pl := (g0 + bot) / 2
	spec.drawEnd(cv, cam, 1, pl-0.055, pl+0.055, -0.26, 0.26, plateFinish, paint)
	rp := spec.tails[0] - 0.2
	if spec.box == nil {
		spec.drawEnd(cv, cam, -1, rp-0.055, rp+0.055, -0.26, 0.26, plateFinish, paint)
	}
	spec.drawEnd(cv, cam, -1, bot+0.04, bot+0.12, -0.7, 0.7, trimFinish, paint)
	// Pick-up bed.
	if b := spec.bed; b[0] != 0 {
		y := spec.lower[len(spec.lower)-3].Y + 0.002
		z := hw - 0.09
		q := []vec3{{b[0], y, z}, {b[1], y, z}, {b[1], y, -z}, {b[0], y, -z}}
		if cam.facing(q[0], vec3{0, 1, 0}) {
			cv.fill(cam.projectAll(q), solid(hex(0x1b1c1e), 1))
		}
	}
}

// insetPoly shrinks a counter-clockwise polygon by d[i] along each edge.
func insetPoly(ps []pt, d []float64) []pt {
	n := len(ps)
	type ln struct{ p, v pt }
	lines := make([]ln, n)
	for i := range n {
		a, b := ps[i], ps[(i+1)%n]
		v := pt{b.X - a.X, b.Y - a.Y}
		l := math.Hypot(v.X, v.Y)
		nx, ny := -v.Y/l, v.X/l // inward for counter-clockwise, y up
		lines[i] = ln{pt{a.X + nx*d[i], a.Y + ny*d[i]}, v}
	}
	out := make([]pt, 0, n)
	for i := range n {
		l0, l1 := lines[(i+n-1)%n], lines[i]
		den := l0.v.X*l1.v.Y - l0.v.Y*l1.v.X
		if math.Abs(den) < 1e-9 {
			out = append(out, l1.p)
			continue
		}
		t := ((l1.p.X-l0.p.X)*l1.v.Y - (l1.p.Y-l0.p.Y)*l1.v.X) / den
		out = append(out, pt{l0.p.X + l0.v.X*t, l0.p.Y + l0.v.Y*t})
	}
	return out
}

// clipX keeps the part of a convex polygon with lo ≤ x ≤ hi.
func clipX(ps []pt, lo, hi float64) []pt {
	clip := func(ps []pt, inside func(pt) bool, cut float64) []pt {
		var out []pt
		for i := range ps {
			a, b := ps[i], ps[(i+1)%len(ps)]
			ia, ib := inside(a), inside(b)
			if ia {
				out = append(out, a)
			}
			if ia != ib {
				t := (cut - a.X) / (b.X - a.X)
				out = append(out, pt{cut, lerp(a.Y, b.Y, t)})
			}
		}
		return out
	}
	ps = clip(ps, func(p pt) bool { return p.X >= lo }, lo)
	if len(ps) < 3 {
		return nil
	}
	return clip(ps, func(p pt) bool { return p.X <= hi }, hi)
}

func (spec *carSpec) drawWindows(cv *canvas, cam *camera, cabin *block, near float64, sideSeen bool) {
	if !sideSeen {
		return
	}
	ps := make([]pt, len(cabin.pts))
	d := make([]float64, len(cabin.pts))
	for i, q := range cabin.pts {
		ps[i] = pt{q.X, q.Y}
		d[i] = 0.07
	}
	d[0] = 0.03
	win := insetPoly(ps, d)
	x0, _, x1, _ := bounds(win)
	cuts := append([]float64{math.Max(x0, spec.winMin)}, spec.pillars...)
	cuts = append(cuts, x1)
	glass := cam.material(glassFinish, black, vec3{0, 0.3, near}, vec3{0, cabin.y1, near})
	top := cam.project(vec3{0, cabin.y1, near * cabin.hw1}).Y
	bot := cam.project(vec3{0, cabin.y0, near * cabin.hw0}).Y
	for i := 0; i+1 < len(cuts); i++ {
		lo, hi := cuts[i], cuts[i+1]
		if i > 0 {
			lo += 0.05
		}
		if i+2 < len(cuts) {
			hi -= 0.05
		}
		part := clipX(win, lo, hi)
		if len(part) < 3 {
			continue
		}
		v := make([]vec3, len(part))
		for j, q := range part {
			v[j] = vec3{q.X, q.Y, near * (cabin.hw(q.Y) + 0.003)}
		}
		poly := cam.projectAll(v)
		cv.fill(poly, vgrad(top, bot, glass.mix(hex(0xaab8c6), 0.5), glass.mul(0.8), 1))
		// A diagonal studio reflection across the glass.
		bx0, _, bx1, _ := bounds(poly)
		cx := (bx0 + bx1) / 2
		refl := []pt{{cx - 0.1*(bx1-bx0), top - 10}, {cx + 0.12*(bx1-bx0), top - 10}, {cx - 0.05*(bx1-bx0), bot + 10}, {cx - 0.3*(bx1-bx0), bot + 10}}
		clipped := clipPoly(refl, poly)
		cv.fill(clipped, solid(white, 0.12))
	}
	// Chrome window line.
	bl := []vec3{{cuts[0], cabin.y0 + 0.03, near * (cabin.hw0 + 0.004)}, {cuts[len(cuts)-1], cabin.y0 + 0.03, near * (cabin.hw0 + 0.004)}}
	cv.fillMany(stroke(cam.projectAll(bl), math.Max(1, cam.scale*0.012)), solid(hex(0xd0d4d8), 0.7))
}

// clipPoly clips subject by a convex clip polygon (Sutherland–Hodgman).
func clipPoly(subject, clipP []pt) []pt {
	// Orientation of the clip polygon decides which side is inside.
	var area float64
	for i := range clipP {
		a, b := clipP[i], clipP[(i+1)%len(clipP)]
		area += a.X*b.Y - b.X*a.Y
	}
	out := subject
	for i := range clipP {
		a, b := clipP[i], clipP[(i+1)%len(clipP)]
		inside := func(p pt) bool {
			c := (b.X-a.X)*(p.Y-a.Y) - (b.Y-a.Y)*(p.X-a.X)
			return c*area >= 0
		}
		in := out
		out = nil
		for j := range in {
			p, q := in[j], in[(j+1)%len(in)]
			ip, iq := inside(p), inside(q)
			if ip {
				out = append(out, p)
			}
			if ip != iq {
				out = append(out, intersect(p, q, a, b))
			}
		}
		if len(out) < 3 {
			return nil
		}
	}
	return out
}

func intersect(p, q, a, b pt) pt {
	d := (p.X-q.X)*(a.Y-b.Y) - (p.Y-q.Y)*(a.X-b.X)
	if d == 0 {
		return p
	}
	t := ((p.X-a.X)*(a.Y-b.Y) - (p.Y-a.Y)*(a.X-b.X)) / d
	return pt{p.X + t*(q.X-p.X), p.Y + t*(q.Y-p.Y)}
}

func (spec *carSpec) drawMirrors(cv *canvas, cam *camera, paint rgb, near float64) {
	c := spec.cabin[1].p // base of the windscreen
	x, y := c.X-0.12, c.Y+0.04
	hw := spec.cabHW[0]
	for _, s := range []float64{-near, near} {
		m := newBlock([]prof{p(x-0.08, y), p(x+0.02, y), p(x+0.01, y+0.1), p(x-0.08, y+0.09)}, 0.08, 0.08, paintFinish)
		m.zc = s * (hw + 0.08)
		if spec.box != nil {
			m.zc = s * (hw + 0.2)
		}
		m.draw(cv, cam, paint)
	}
}
