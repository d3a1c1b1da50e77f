package pictures

import (
	"image"
	"math"
)

// Scenes lists the named scenes for heroes and stories. Any other name
// draws a generic landscape chosen by the name, so editors may use new names.
var Scenes = []string{"road", "mountain", "city", "coast", "forest", "showroom", "workshop", "winter", "electric", "family", "van", "truck"}

// renderScene draws the scene name at w×h pixels.
func renderScene(w, h int, name, key string) *image.RGBA {
	cv := newCanvas(w, h)
	r := newRNG(key)
	switch name {
	case "road":
		sky(cv, hex(0x4f86c6), hex(0xdcebf5), 0.5)
		sun(cv, r.rangef(0.6, 0.85), 0.22, hex(0xfff4d6))
		clouds(cv, r, 6, 0.08, 0.32)
		mountains(cv, r, 0.5, 0.16, hex(0x8fa7bf), true)
		hills(cv, r, 0.55, 0.05, hex(0x7a9a5e), hex(0x4d6b3a))
		road(cv, 0.48, 0.55, hex(0x4a4d52))
		sceneCar(cv, "suv", "red", -55, 0.6, 0.86, 0.3)
	case "mountain":
		sky(cv, hex(0x2f6db5), hex(0xcfe2f3), 0.55)
		clouds(cv, r, 4, 0.05, 0.25)
		mountains(cv, r, 0.5, 0.32, hex(0x6f8197), true)
		mountains(cv, r, 0.6, 0.2, hex(0x4c5d70), true)
		hills(cv, r, 0.7, 0.05, hex(0x5d7a4a), hex(0x2f4526))
		lake(cv, 0.78, hex(0x3f6e96))
		pines(cv, r, 0.8, 40, 0.12, hex(0x1d3320))
	case "city":
		sky(cv, hex(0x1b2550), hex(0xf29e6d), 0.62)
		sun(cv, 0.3, 0.58, hex(0xffd2a1))
		skyline(cv, r, 0.7, 0.42, hex(0x3b3f5c), 0.15)
		skyline(cv, r, 0.78, 0.32, hex(0x20233a), 0.35)
		cv.fill(rect(0, 0.78*float64(h), float64(w), 0.22*float64(h)), vgrad(0.78*float64(h), float64(h), hex(0x2c2e3a), hex(0x15161c), 1))
		sceneCar(cv, "sedan", "white", -30, 0.5, 0.9, 0.32)
	case "coast":
		sky(cv, hex(0x3a8fd6), hex(0xe6f2f7), 0.52)
		sun(cv, 0.75, 0.3, hex(0xfffbe8))
		clouds(cv, r, 5, 0.06, 0.3)
		sea(cv, 0.52, hex(0x2a7fb4), hex(0x7cc3d8))
		cliffs(cv, r)
		beach(cv, r)
	case "forest":
		sky(cv, hex(0x9fb8c9), hex(0xe9efe9), 0.5)
		for i, y := range []float64{0.45, 0.55, 0.66, 0.8} {
			c := hex(0x6f8a7a).mix(hex(0x0f2416), float64(i)/3)
			pines(cv, r, y, 26-i*4, 0.14+0.08*float64(i), c)
			cv.fill(rect(0, 0, float64(w), float64(h)), vgrad(y*float64(h)-0.1*float64(h), y*float64(h), hex(0xe9efe9), hex(0xe9efe9), 0.12))
		}
		cv.fill(rect(0, 0.9*float64(h), float64(w), 0.1*float64(h)), solid(hex(0x1a2a1c), 1))
	case "winter":
		sky(cv, hex(0x9cb7d4), hex(0xf1f5f9), 0.55)
		sun(cv, 0.25, 0.35, hex(0xfff8ee))
		mountains(cv, r, 0.55, 0.22, hex(0xc8d4e2), true)
		hills(cv, r, 0.65, 0.04, hex(0xf4f7fb), hex(0xdce4ee))
		pines(cv, r, 0.7, 20, 0.2, hex(0x24372c))
		snowfall(cv, r)
		road(cv, 0.6, 0.62, hex(0x9aa3ad))
		sceneCar(cv, "estate", "blue", -40, 0.42, 0.86, 0.3)
	case "showroom", "workshop":
		interiorHall(cv, r, name == "workshop")
	case "electric":
		sky(cv, hex(0x0f2f3d), hex(0x5fb7b0), 0.62)
		skyline(cv, r, 0.66, 0.2, hex(0x173b44), 0.2)
		cv.fill(rect(0, 0.66*float64(h), float64(w), 0.34*float64(h)), vgrad(0.66*float64(h), float64(h), hex(0x2a3d43), hex(0x101a1d), 1))
		charger(cv, 0.68, 0.9)
		sceneCar(cv, "hatchback", "white", -28, 0.4, 0.9, 0.32)
	case "family":
		sky(cv, hex(0x5b9bdc), hex(0xf6f1df), 0.55)
		sun(cv, 0.8, 0.2, hex(0xfff6d8))
		clouds(cv, r, 5, 0.06, 0.3)
		hills(cv, r, 0.55, 0.07, hex(0x9dbb6a), hex(0x6f9445))
		hills(cv, r, 0.68, 0.05, hex(0x86a95a), hex(0x557a33))
		meadow(cv, r, 0.7)
		sceneCar(cv, "mpv", "silver", -35, 0.45, 0.88, 0.32)
	case "van":
		sky(cv, hex(0x6b8fb5), hex(0xe8edf1), 0.6)
		skyline(cv, r, 0.7, 0.35, hex(0x8b929c), 0.0)
		cv.fill(rect(0, 0.7*float64(h), float64(w), 0.3*float64(h)), vgrad(0.7*float64(h), float64(h), hex(0x6d7075), hex(0x3a3c40), 1))
		sceneCar(cv, "van", "white", -30, 0.5, 0.9, 0.32)
	case "truck":
		sky(cv, hex(0xd97b48), hex(0xf7d9a6), 0.58)
		sun(cv, 0.2, 0.5, hex(0xfff0c8))
		hills(cv, r, 0.6, 0.05, hex(0x8a6f5a), hex(0x5d4a3c))
		road(cv, 0.58, 0.62, hex(0x3d3b3a))
		sceneCar(cv, "truck", "blue", -35, 0.52, 0.88, 0.24)
	default:
		genericScene(cv, r)
	}
	return cv.image()
}

func genericScene(cv *canvas, r *rng) {
	skies := [][2]rgb{{hex(0x3f7cc0), hex(0xdbe9f4)}, {hex(0x6a4c93), hex(0xf4b183)}, {hex(0x24496b), hex(0xa7c6d9)}, {hex(0x2d7d9a), hex(0xe8f1e4)}}
	grounds := [][2]rgb{{hex(0x7d9a5a), hex(0x3f5a2c)}, {hex(0xa08a5e), hex(0x6b5638)}, {hex(0x7e8c95), hex(0x4a555c)}, {hex(0x9cb56e), hex(0x567a36)}}
	i := r.intn(len(skies))
	hy := r.rangef(0.48, 0.6)
	sky(cv, skies[i][0], skies[i][1], hy)
	sun(cv, r.rangef(0.15, 0.85), r.rangef(0.15, 0.4), hex(0xfff6e0))
	clouds(cv, r, 3+r.intn(4), 0.05, 0.35)
	mountains(cv, r, hy, r.rangef(0.08, 0.25), skies[i][0].mix(skies[i][1], 0.5).mul(0.8), r.intn(2) == 0)
	g := grounds[r.intn(len(grounds))]
	hills(cv, r, hy+0.05, 0.05, g[0], g[1])
	if r.intn(2) == 0 {
		road(cv, hy, hy+0.04, hex(0x4a4d52))
	} else {
		pines(cv, r, hy+0.12, 18, 0.15, g[1].mul(0.5))
	}
}

func sky(cv *canvas, top, horizon rgb, hy float64) {
	H := float64(cv.h) * hy
	cv.paint(func(_, y float64) (rgb, float64) { return top.mix(horizon, math.Pow(clamp01(y/H), 1.6)), 1 })
}

func sun(cv *canvas, fx, fy float64, c rgb) {
	W, H := float64(cv.w), float64(cv.h)
	x, y := fx*W, fy*H
	cv.fill(rect(0, 0, W, H), rgrad(x, y, W*0.45, W*0.45, c, 0.45))
	cv.fill(ellipse(x, y, 46*cv.f, 46*cv.f), solid(c.mix(white, 0.6), 1))
}

func clouds(cv *canvas, r *rng, n int, y0, y1 float64) {
	W, H := float64(cv.w), float64(cv.h)
	for range n {
		x, y := r.float()*W, r.rangef(y0, y1)*H
		s := r.rangef(0.6, 1.4) * cv.f
		var parts [][]pt
		for k := range 5 {
			dx := (float64(k) - 2) * 70 * s
			rr := (60 + 30*math.Sin(float64(k)*1.7+x)) * s
			parts = append(parts, ellipse(x+dx, y-rr*0.3, rr*1.3, rr*0.7))
		}
		for _, p := range parts {
			cv.soft(p, 18*s, white, 0.5)
		}
	}
}

func mountains(cv *canvas, r *rng, base, amp float64, c rgb, snow bool) {
	W, H := float64(cv.w), float64(cv.h)
	g := newRidge(r, 5, 0.006)
	var ps []pt
	step := 8.0
	for x := 0.0; x <= 1920+step; x += step {
		v := 1 - math.Abs(g.at(x))
		ps = append(ps, pt{x * cv.f, (base - amp*v) * H})
	}
	ps = append(ps, pt{W, H}, pt{0, H})
	cv.fill(ps, vgrad((base-amp)*H, base*H, c.mul(0.9), c.mix(white, 0.35), 1))
	if snow {
		// Snow caps: the part of the ridge above a line, lightly shaded.
		line := (base - amp*0.62) * H
		var cap []pt
		for _, p := range ps[:len(ps)-2] {
			if p.Y < line {
				cap = append(cap, p)
			} else {
				cap = append(cap, pt{p.X, line + (p.Y-line)*0})
			}
		}
		cap = append(cap, pt{W, line}, pt{0, line})
		cv.fill(cap, vgrad((base-amp)*H, line, hex(0xffffff), hex(0xdde6ef), 0.92))
	}
}

func hills(cv *canvas, r *rng, base, amp float64, top, bottom rgb) {
	W, H := float64(cv.w), float64(cv.h)
	g := newRidge(r, 3, 0.003)
	var ps []pt
	for x := 0.0; x <= 1940; x += 16 {
		ps = append(ps, pt{x * cv.f, (base - amp*(g.at(x)+1)/2) * H})
	}
	ps = append(ps, pt{W, H}, pt{0, H})
	cv.fill(ps, vgrad((base-amp)*H, H, top, bottom, 1))
}

// road draws a road from the horizon to the bottom edge with centre dashes.
func road(cv *canvas, hy, y0 float64, c rgb) {
	W, H := float64(cv.w), float64(cv.h)
	vx := W * 0.46
	top := y0 * H
	cv.fill([]pt{{vx - 8*cv.f, top}, {vx + 8*cv.f, top}, {W * 1.05, H}, {-W * 0.25, H}}, vgrad(top, H, c.mix(white, 0.2), c, 1))
	for i := range 14 {
		t0 := math.Pow(float64(i)/14, 2)
		t1 := math.Pow((float64(i)+0.5)/14, 2)
		y0, y1 := top+(H-top)*t0, top+(H-top)*t1
		x0 := vx + (W*0.4-vx)*t0
		x1 := vx + (W*0.4-vx)*t1
		w0, w1 := 1*cv.f+10*cv.f*t0, 1*cv.f+10*cv.f*t1
		cv.fill([]pt{{x0 - w0, y0}, {x0 + w0, y0}, {x1 + w1, y1}, {x1 - w1, y1}}, solid(hex(0xf2f0e6), 0.9))
	}
	_ = hy
}

func lake(cv *canvas, y float64, c rgb) {
	W, H := float64(cv.w), float64(cv.h)
	cv.fill([]pt{{0, y * H}, {W, (y - 0.02) * H}, {W, H}, {0, H}}, vgrad(y*H, H, c.mix(white, 0.3), c.mul(0.7), 1))
	for i := range 12 {
		yy := (y + 0.01 + float64(i)*0.015) * H
		cv.fill(rect(W*0.1+float64(i*37%300)*cv.f, yy, 300*cv.f, 2*cv.f), solid(white, 0.25))
	}
}

func pines(cv *canvas, r *rng, base float64, n int, size float64, c rgb) {
	W, H := float64(cv.w), float64(cv.h)
	var polys [][]pt
	for range n {
		x := r.float() * W
		s := size * H * r.rangef(0.6, 1.2)
		y := base*H + r.rangef(-0.02, 0.03)*H
		w := s * 0.32
		polys = append(polys, []pt{{x, y - s}, {x + w*0.55, y - s*0.55}, {x + w*0.3, y - s*0.55}, {x + w*0.8, y - s*0.2}, {x + w*0.45, y - s*0.2}, {x + w, y}, {x - w, y}, {x - w*0.45, y - s*0.2}, {x - w*0.8, y - s*0.2}, {x - w*0.3, y - s*0.55}, {x - w*0.55, y - s*0.55}})
		polys = append(polys, rect(x-w*0.08, y, w*0.16, s*0.08))
	}
	cv.fillMany(polys, solid(c, 1))
}

func skyline(cv *canvas, r *rng, base, maxH float64, c rgb, lit float64) {
	W, H := float64(cv.w), float64(cv.h)
	x := -20 * cv.f
	for x < W {
		bw := r.rangef(60, 180) * cv.f
		bh := r.rangef(0.25, 1) * maxH * H
		top := base*H - bh
		cv.fill(rect(x, top, bw, bh+2), vgrad(top, base*H, c.mix(white, 0.08), c, 1))
		if lit > 0 {
			for wy := top + 14*cv.f; wy < base*H-10*cv.f; wy += 22 * cv.f {
				for wx := x + 10*cv.f; wx < x+bw-16*cv.f; wx += 20 * cv.f {
					if r.float() < lit {
						cv.fill(rect(wx, wy, 8*cv.f, 10*cv.f), solid(hex(0xffd58a), 0.85))
					}
				}
			}
		}
		x += bw + r.rangef(0, 20)*cv.f
	}
}

func sea(cv *canvas, hy float64, far, near rgb) {
	W, H := float64(cv.w), float64(cv.h)
	cv.fill(rect(0, hy*H, W, H-hy*H), vgrad(hy*H, H, far, near, 1))
	for i := range 40 {
		t := float64(i) / 40
		y := hy*H + (H-hy*H)*t*t
		x := math.Mod(float64(i)*397, 1920) * cv.f
		cv.fill(rect(x, y, (60+200*t)*cv.f, (1+3*t)*cv.f), solid(white, 0.35))
	}
}

func cliffs(cv *canvas, r *rng) {
	W, H := float64(cv.w), float64(cv.h)
	g := newRidge(r, 4, 0.01)
	var ps []pt
	for x := 0.0; x <= 700; x += 10 {
		ps = append(ps, pt{x * cv.f, (0.38 + 0.2*x/700 + 0.03*g.at(x)) * H})
	}
	ps = append(ps, pt{620 * cv.f, 0.75 * H}, pt{0, 0.8 * H})
	cv.fill(ps, lgrad(pt{0, 0.4 * H}, pt{W * 0.35, 0.7 * H}, hex(0x8c7a64), hex(0x4f4538), 1))
	cv.fill(ps[:len(ps)/2+1], solid(hex(0x6d8a4d), 0.0))
	top := append([]pt(nil), ps[:len(ps)-2]...)
	for i := len(top) - 1; i >= 0; i-- {
		top = append(top, pt{top[i].X, top[i].Y + 18*cv.f})
	}
	cv.fill(top, solid(hex(0x6f8f4a), 1))
}

func beach(cv *canvas, r *rng) {
	W, H := float64(cv.w), float64(cv.h)
	ps := bezier(pt{W * 0.2, H}, pt{W * 0.5, 0.78 * H}, pt{W * 0.8, 0.8 * H}, pt{W, 0.74 * H}, 30)
	ps = append(ps, pt{W, H})
	cv.fill(ps, vgrad(0.74*H, H, hex(0xf0dfb8), hex(0xd8c08e), 1))
	foam := bezier(pt{W * 0.2, H}, pt{W * 0.5, 0.78 * H}, pt{W * 0.8, 0.8 * H}, pt{W, 0.74 * H}, 30)
	cv.fillMany(stroke(foam, 6*cv.f), solid(white, 0.7))
	_ = r
}

func meadow(cv *canvas, r *rng, base float64) {
	W, H := float64(cv.w), float64(cv.h)
	cv.fill(rect(0, base*H, W, H-base*H), vgrad(base*H, H, hex(0x7fa34f), hex(0x46692a), 1))
	for range 220 {
		x, y := r.float()*W, r.rangef(base+0.02, 1)*H
		c := []rgb{hex(0xf7e36b), hex(0xffffff), hex(0xe98bb0)}[r.intn(3)]
		s := (2 + 5*(y/H-base)/(1-base)) * cv.f
		cv.fill(ellipse(x, y, s, s), solid(c, 0.9))
	}
}

func snowfall(cv *canvas, r *rng) {
	W, H := float64(cv.w), float64(cv.h)
	for range 260 {
		x, y := r.float()*W, r.float()*H
		s := r.rangef(1.5, 4.5) * cv.f
		cv.fill(ellipse(x, y, s, s), solid(white, 0.8))
	}
}

func charger(cv *canvas, fx, fy float64) {
	f := cv.f
	x, y := fx*float64(cv.w), fy*float64(cv.h)
	cv.soft(rect(x-60*f, y-10*f, 120*f, 20*f), 12*f, black, 0.5)
	cv.fill(rrect(x-45*f, y-330*f, 90*f, 330*f, 14*f), vgrad(y-330*f, y, hex(0xf2f5f6), hex(0xb9c2c6), 1))
	cv.fill(rrect(x-30*f, y-300*f, 60*f, 80*f, 8*f), solid(hex(0x0d1b22), 1))
	cv.fill(rect(x-22*f, y-290*f, 44*f, 8*f), solid(hex(0x35e0b0), 1))
	cv.fill(rect(x-45*f, y-200*f, 90*f, 12*f), solid(hex(0x35e0b0), 0.9))
	cable := bezier(pt{x - 40*f, y - 150*f}, pt{x - 160*f, y - 60*f}, pt{x - 220*f, y - 200*f}, pt{x - 300*f, y - 190*f}, 24)
	cv.fillMany(stroke(cable, 9*f), solid(hex(0x15181a), 1))
	cv.fill(rect(0, 0, float64(cv.w), float64(cv.h)), rgrad(x, y-200*f, 260*f, 260*f, hex(0x35e0b0), 0.18))
}

// interiorHall draws a showroom (glass wall, polished floor, cars on show)
// or a workshop (lift, tool wall, garage door).
func interiorHall(cv *canvas, r *rng, workshop bool) {
	W, H := float64(cv.w), float64(cv.h)
	f := cv.f
	floor := 0.62 * H
	wall, ceil := hex(0xeceef0), hex(0xd7dbe0)
	if workshop {
		wall, ceil = hex(0xb9c0c7), hex(0x8e969f)
	}
	cv.paint(vgrad(0, floor, ceil, wall, 1))
	// Ceiling lights.
	for i := range 6 {
		x := (160 + float64(i)*320) * f
		cv.fill(rrect(x-90*f, 40*f, 180*f, 16*f, 8*f), solid(white, 1))
		cv.fill(rect(0, 0, W, H), rgrad(x, 60*f, 240*f, 140*f, white, 0.25))
	}
	if workshop {
		// Garage door with horizontal panels and a tool wall.
		cv.fill(rect(1100*f, 180*f, 680*f, floor-180*f), solid(hex(0xd4d8dc), 1))
		for y := 200 * f; y < floor; y += 56 * f {
			cv.fill(rect(1100*f, y, 680*f, 4*f), solid(hex(0x9aa1a8), 1))
		}
		cv.fill(rect(140*f, 200*f, 760*f, 300*f), solid(hex(0x5b6570), 1))
		for i := range 18 {
			x := (170 + float64(i)*40) * f
			cv.fill(rect(x, 230*f, 10*f, r.rangef(80, 180)*f), solid(hex(0xc9ced3), 1))
		}
		for i := range 5 {
			cv.fill(rrect((170+float64(i)*145)*f, 420*f, 120*f, 60*f, 6*f), solid(hex(0xc62828), 1))
		}
	} else {
		// Glass facade with mullions and the outside beyond it.
		cv.fill(rect(0, 120*f, W, floor-120*f), vgrad(120*f, floor, hex(0xaed0ea), hex(0xe3eef5), 1))
		pines(cv, r, floor/H, 14, 0.1, hex(0x6d8c78))
		for x := 0.0; x <= 1920; x += 240 {
			cv.fill(rect(x*f-5*f, 120*f, 10*f, floor-120*f), solid(hex(0x3b4148), 1))
		}
		cv.fill(rect(0, 114*f, W, 12*f), solid(hex(0x3b4148), 1))
	}
	// Floor with a soft reflection of the wall.
	fc := hex(0xcfd3d8)
	if workshop {
		fc = hex(0x7d858c)
	}
	cv.fill(rect(0, floor, W, H-floor), vgrad(floor, H, fc.mix(white, 0.3), fc.mul(0.85), 1))
	for x := -1920.0; x <= 3840; x += 240 {
		cv.fill(line(pt{W / 2, floor}, pt{x * f, H * 1.3}, 2*f), solid(black, 0.06))
	}
	if workshop {
		// A car raised on a two-post lift.
		cv.fill(rect(330*f, 250*f, 36*f, floor-250*f), solid(hex(0xd5a021), 1))
		cv.fill(rect(1010*f, 250*f, 36*f, floor-250*f), solid(hex(0xd5a021), 1))
		sceneCar(cv, "sedan", "grey", 0, 0.36, 0.57, 0.2)
		cv.fill(rect(360*f, 0.58*H, 650*f, 14*f), solid(hex(0x444a50), 1))
	} else {
		sceneCar(cv, "coupe", "red", -35, 0.3, 0.88, 0.26)
		sceneCar(cv, "suv", "black", 35, 0.72, 0.84, 0.26)
	}
}

// sceneCar draws a car with its footprint centre at (fx, fy) of the canvas,
// its length spanning about size of the width.
func sceneCar(cv *canvas, body, color string, yaw, fx, fy, size float64) {
	spec := carSpecs[body]
	scale := size * float64(cv.w) / 4.6
	cam := newCamera(yaw*math.Pi/180, 7*math.Pi/180, 2.6*spec.L+5, scale, 0, 0)
	o := cam.project(vec3{})
	cam.cx, cam.cy = fx*float64(cv.w)-o.X, fy*float64(cv.h)-o.Y
	drawCar(cv, cam, spec, paints[color])
}
