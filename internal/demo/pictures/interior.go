package pictures

import "math"

// drawDashboard paints view 6: the cockpit seen from the driver's seat.
func drawDashboard(cv *canvas, paint rgb, r *rng) {
	f := cv.f
	W, H := float64(cv.w), float64(cv.h)
	// Outside through the windscreen: sky, hills and the road ahead.
	cv.paint(vgrad(0, H*0.45, hex(0x8fb4d8), hex(0xe3edf3), 1))
	hill := newRidge(r, 3, 0.004)
	var hills []pt
	for x := 0.0; x <= 1920; x += 20 {
		hills = append(hills, pt{x * f, (420 + 40*hill.at(x)) * f})
	}
	hills = append(hills, pt{W, H}, pt{0, H})
	cv.fill(hills, vgrad(380*f, 600*f, hex(0x7d9a83), hex(0x55704f), 1))
	cv.fill([]pt{{900 * f, 440 * f}, {1000 * f, 440 * f}, {1500 * f, H}, {300 * f, H}}, solid(hex(0x5c6166), 1))
	// Roof lining and A-pillars.
	cv.fill([]pt{{0, 0}, {W, 0}, {W, 90 * f}, {0, 150 * f}}, vgrad(0, 150*f, hex(0x2a2b2e), hex(0x3a3b3f), 1))
	cv.fill([]pt{{0, 0}, {230 * f, 0}, {60 * f, 620 * f}, {0, 640 * f}}, solid(hex(0x2c2d30), 1))
	cv.fill([]pt{{W, 0}, {W - 210*f, 0}, {W - 40*f, 600 * f}, {W, 620 * f}}, solid(hex(0x2c2d30), 1))
	// Dashboard body with a soft top.
	dash := bezier(pt{0, 560 * f}, pt{500 * f, 470 * f}, pt{1400 * f, 470 * f}, pt{W, 540 * f}, 40)
	dash = append(dash, pt{W, H}, pt{0, H})
	cv.fill(dash, vgrad(470*f, H, hex(0x34353a), hex(0x141518), 1))
	top := bezier(pt{0, 560 * f}, pt{500 * f, 470 * f}, pt{1400 * f, 470 * f}, pt{W, 540 * f}, 40)
	cv.fillMany(stroke(top, 6*f), solid(hex(0x55575d), 1))
	// Accent trim in the body colour.
	trim := bezier(pt{0, 700 * f}, pt{500 * f, 640 * f}, pt{1400 * f, 640 * f}, pt{W, 690 * f}, 40)
	cv.fillMany(stroke(trim, 18*f), solid(paint.mix(hex(0x888888), 0.15), 1))
	// Vents.
	for _, x := range []float64{120, 1060, 1270, 1700} {
		cv.fill(rrect(x*f, 560*f, 150*f, 60*f, 14*f), solid(hex(0x0e0f11), 1))
		for k := range 4 {
			cv.fill(rect((x+10)*f, (570+float64(k)*12)*f, 130*f, 4*f), solid(hex(0x9ea3a8), 0.8))
		}
	}
	// Instrument cluster and centre screen.
	cv.fill(rrect(330*f, 470*f, 420*f, 150*f, 24*f), solid(hex(0x07080a), 1))
	for _, cx := range []float64{440, 640} {
		cv.fill(ellipse(cx*f, 545*f, 58*f, 58*f), solid(hex(0x0f2233), 1))
		ring := ellipse(cx*f, 545*f, 58*f, 58*f)
		in := ellipse(cx*f, 545*f, 52*f, 52*f)
		reverse(in)
		cv.fillMany([][]pt{ring, in}, solid(hex(0x3fa9f5), 0.9))
		a := -2.2 + r.float()*2.4
		cv.fill(line(pt{cx * f, 545 * f}, pt{(cx + 48*math.Cos(a)) * f, (545 + 48*math.Sin(a)) * f}, 4*f), solid(hex(0xff6a3d), 1))
	}
	cv.fill(rrect(800*f, 430*f, 420*f, 250*f, 20*f), solid(hex(0x050607), 1))
	cv.fill(rrect(812*f, 442*f, 396*f, 226*f, 12*f), vgrad(442*f, 668*f, hex(0x1b3550), hex(0x0c1826), 1))
	// A map with a route on the screen.
	for k := range 6 {
		y := (470 + float64(k)*32) * f
		cv.fill(rect(830*f, y, 250*f, 3*f), solid(hex(0x35597c), 0.8))
	}
	route := bezier(pt{850 * f, 650 * f}, pt{900 * f, 520 * f}, pt{1000 * f, 600 * f}, pt{1060 * f, 470 * f}, 20)
	cv.fillMany(stroke(route, 6*f), solid(hex(0x4fd1ff), 1))
	for k := range 4 {
		cv.fill(rrect(1100*f, (460+float64(k)*50)*f, 95*f, 38*f, 8*f), solid(hex(0x2b4a6b), 1))
	}
	// Steering wheel.
	cx, cy := 540*f, 760*f
	outer := ellipse(cx, cy, 300*f, 270*f)
	inner := ellipse(cx, cy, 262*f, 232*f)
	reverse(inner)
	cv.fillMany([][]pt{outer, inner}, vgrad(cy-270*f, cy+270*f, hex(0x3b3c40), hex(0x111214), 1))
	cv.fill(line(pt{cx - 262*f, cy + 20*f}, pt{cx - 70*f, cy + 30*f}, 46*f), solid(hex(0x222326), 1))
	cv.fill(line(pt{cx + 262*f, cy + 20*f}, pt{cx + 70*f, cy + 30*f}, 46*f), solid(hex(0x222326), 1))
	cv.fill(line(pt{cx, cy + 90*f}, pt{cx, cy + 232*f}, 50*f), solid(hex(0x1d1e21), 1))
	cv.fill(ellipse(cx, cy+30*f, 105*f, 90*f), vgrad(cy-60*f, cy+120*f, hex(0x3c3d42), hex(0x17181a), 1))
	cv.fill(ellipse(cx, cy+30*f, 26*f, 26*f), solid(hex(0xc9ced3), 1))
	cv.fill(ellipse(cx, cy+30*f, 18*f, 18*f), solid(paint.mix(hex(0x444444), 0.2), 1))
	// Centre console with the gear selector.
	cv.fill([]pt{{900 * f, 760 * f}, {1120 * f, 760 * f}, {1200 * f, H}, {820 * f, H}}, vgrad(760*f, H, hex(0x2a2b2f), hex(0x121315), 1))
	cv.fill(rrect(975*f, 850*f, 70*f, 120*f, 30*f), solid(hex(0x9ba0a6), 1))
	cv.fill(rrect(980*f, 855*f, 60*f, 40*f, 20*f), solid(white, 0.25))
	// Light from the windscreen.
	cv.fill(rect(0, 0, W, H), rgrad(W*0.55, 0, W*0.7, H*0.7, white, 0.08))
}

// drawSeats paints view 7: the front seats seen through the open rear door.
func drawSeats(cv *canvas, paint rgb, color string, r *rng) {
	f := cv.f
	W, H := float64(cv.w), float64(cv.h)
	leather := hex(0x1f1f22)
	stitch := hex(0x6b6b70)
	switch color {
	case "white", "beige", "silver":
		leather, stitch = hex(0xcdb894), hex(0xf1e6cf)
	case "brown", "green":
		leather, stitch = hex(0x6e3f24), hex(0xc49a6c)
	case "red", "orange", "yellow":
		stitch = paint
	}
	// Cabin: bright windows at the top, a dark door card and floor.
	cv.paint(vgrad(0, H, hex(0x3a3c40), hex(0x18191b), 1))
	cv.fill([]pt{{80 * f, 40 * f}, {1840 * f, 40 * f}, {1780 * f, 330 * f}, {140 * f, 330 * f}}, vgrad(40*f, 330*f, hex(0xdde8f0), hex(0x9fb2c2), 1))
	cv.fill(rect(900*f, 40*f, 60*f, 300*f), solid(hex(0x2b2c2f), 1))
	cv.fill(rect(0, 330*f, W, 30*f), solid(paint.mul(0.85), 1))
	cv.fill(rect(0, 920*f, W, H-920*f), solid(hex(0x0f1011), 1))
	for i, x := range []float64{520, 1400} {
		seat(cv, x*f, f, leather, stitch, i == 1)
	}
	// Centre console between the seats.
	cv.fill(rrect(860*f, 690*f, 200*f, 260*f, 20*f), vgrad(690*f, 950*f, hex(0x2c2d31), hex(0x141517), 1))
	cv.fill(rrect(880*f, 700*f, 160*f, 20*f, 8*f), solid(stitch, 0.5))
	cv.fill(rect(0, 0, W, H), rgrad(W*0.5, 0, W*0.8, H*0.8, white, 0.1))
	_ = r
}

func seat(cv *canvas, cx, f float64, leather, stitch rgb, mirror bool) {
	hi := leather.mix(white, 0.18)
	lo := leather.mul(0.6)
	// Backrest with side bolsters.
	back := rrect(cx-230*f, 250*f, 460*f, 520*f, 90*f)
	cv.soft(back, 30*f, black, 0.5)
	cv.fill(back, vgrad(250*f, 770*f, hi, lo, 1))
	for _, s := range []float64{-1, 1} {
		b := rrect(cx+s*175*f-55*f, 290*f, 110*f, 470*f, 50*f)
		cv.fill(b, vgrad(290*f, 760*f, hi.mul(0.92), lo.mul(0.9), 1))
	}
	// Quilted centre panel.
	cv.fill(rrect(cx-110*f, 320*f, 220*f, 420*f, 30*f), vgrad(320*f, 740*f, leather.mix(white, 0.1), leather.mul(0.75), 1))
	for k := range 6 {
		y := (360 + float64(k)*62) * f
		cv.fill(rect(cx-105*f, y, 210*f, 3*f), solid(stitch, 0.7))
		cv.fill(rect(cx-105*f, y+5*f, 210*f, 3*f), solid(black, 0.2))
	}
	// Headrest.
	cv.fill(rect(cx-40*f, 200*f, 14*f, 60*f), solid(hex(0xa0a4a8), 1))
	cv.fill(rect(cx+26*f, 200*f, 14*f, 60*f), solid(hex(0xa0a4a8), 1))
	cv.fill(rrect(cx-130*f, 100*f, 260*f, 130*f, 50*f), vgrad(100*f, 230*f, hi, lo, 1))
	// Cushion.
	cush := rrect(cx-250*f, 730*f, 500*f, 190*f, 60*f)
	cv.fill(cush, vgrad(730*f, 920*f, hi, lo.mul(0.8), 1))
	cv.fill(rrect(cx-110*f, 750*f, 220*f, 140*f, 30*f), vgrad(750*f, 890*f, leather.mix(white, 0.1), leather.mul(0.75), 1))
	_ = mirror
}
