package bookingapi_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"forecourt/internal/booking"
	"forecourt/internal/booking/bookingapi"
	"forecourt/internal/catalog"
	"forecourt/internal/demo/fleet"
	"forecourt/internal/demo/stock"
	"forecourt/internal/httpguard"
	"forecourt/internal/linktoken"
	"forecourt/internal/page"
	"forecourt/internal/places"
	"forecourt/internal/ratelimit"
	"forecourt/internal/site"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
	"forecourt/internal/web"
)

var stockholm, _ = time.LoadLocation("Europe/Stockholm")

// now is the fixture's clock: Monday 23 November 2026, 12:00 in Stockholm.
var now = time.Date(2026, 11, 23, 12, 0, 0, 0, stockholm)

type fixture struct {
	h   http.Handler
	api *bookingapi.API
	db  *store.DB
	reg *fleet.Registry
}

// assetsDir writes the smallest front-end build the web server starts
// with: these tests only call the JSON APIs.
func assetsDir(tb testing.TB) string {
	dir := tb.TempDir()
	os.MkdirAll(filepath.Join(dir, ".vite"), 0o755)
	os.MkdirAll(filepath.Join(dir, "assets"), 0o755)
	os.WriteFile(filepath.Join(dir, ".vite", "manifest.json"), []byte(`{"src/app/entry-client.tsx":{"file":"assets/entry.js","isEntry":true}}`), 0o644)
	os.WriteFile(filepath.Join(dir, "assets", "entry.js"), []byte(`export {}`), 0o644)
	return dir
}

// newFixture is the real web server with the booking API over the demo
// dealer sites of group-se on db.
func newFixture(tb testing.TB, db *store.DB, opts ...func(*bookingapi.API)) fixture {
	tb.Helper()
	ctx := context.Background()
	cst := catalog.NewStore(db)
	if _, err := stock.Seed(ctx, cst, stock.SeedOptions{Scale: 0.005, Sites: []string{"group-se"}}); err != nil {
		tb.Fatal(err)
	}
	sites, err := site.New(site.All(), "group-se")
	if err != nil {
		tb.Fatal(err)
	}
	dir := booking.NewDirectory(nil)
	if err := dir.Load(ctx, cst, sites.All()); err != nil {
		tb.Fatal(err)
	}
	eng := booking.New(db, dir)
	eng.Now = func() time.Time { return now }
	reg := fleet.NewRegistry()
	api := &bookingapi.API{Engine: eng, Vehicles: reg, Places: places.Sweden(), Limiter: ratelimit.New(db),
		BookLimit: 40, StreamLimit: 1000,
		Log:   slog.New(slog.DiscardHandler),
		Links: testLinks(tb, eng),
		Guard: httpguard.Mutation{Allowed: func(r *http.Request) bool { return httpguard.AllowedOrigin(r, httpguard.SiteOf(r)) }}}
	for _, o := range opts {
		o(api)
	}
	s, err := web.New(web.Config{Locales: []string{"sv"}}, web.Deps{Sites: sites, Pages: &page.Assembler{}, Store: db, Logger: slog.New(slog.DiscardHandler),
		AssetsDir: assetsDir(tb), Routes: api.Routes()})
	if err != nil {
		tb.Fatal(err)
	}
	return fixture{h: s.Handler(), api: api, db: db, reg: reg}
}

var (
	sharedOnce sync.Once
	shared     fixture
)

// sqliteFixture is one SQLite fixture shared by the read-only tests.
func sqliteFixture(t testing.TB) fixture {
	sharedOnce.Do(func() {
		dir, err := os.MkdirTemp("", "bookingapi-")
		if err != nil {
			t.Fatal(err)
		}
		db, err := store.Open(context.Background(), dir, "")
		if err != nil {
			t.Fatal(err)
		}
		shared = newFixture(t, db)
	})
	return shared
}

func do(f fixture, method, target, body string, hdr ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	req.Host = "forecourt.se"
	if method == "POST" {
		// What the site's own pages send (the guard refuses anything else).
		req.Header.Set("Origin", "http://localhost")
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		if hdr[i] == "RemoteAddr" {
			req.RemoteAddr = hdr[i+1]
			continue
		}
		if hdr[i] == "Host" {
			req.Host = hdr[i+1]
			continue
		}
		req.Header.Set(hdr[i], hdr[i+1])
	}
	rec := httptest.NewRecorder()
	f.h.ServeHTTP(rec, req)
	return rec
}

func decode[T any](t *testing.T, rec *httptest.ResponseRecorder) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
		t.Fatalf("decode %q: %v", rec.Body.String(), err)
	}
	return v
}

type errorAnswer struct {
	Errors  map[string][]string `json:"errors"`
	Message string              `json:"message"`
	Fields  map[string]string   `json:"fields"`
}

// wantError checks an error answer's status and code.
func wantError(t *testing.T, rec *httptest.ResponseRecorder, status int, code string) errorAnswer {
	t.Helper()
	if rec.Code != status {
		t.Fatalf("status %d, want %d: %s", rec.Code, status, rec.Body.String())
	}
	e := decode[errorAnswer](t, rec)
	if got := e.Errors["Error Result"]; len(got) != 1 || got[0] != code || e.Message == "" {
		t.Fatalf("error answer %+v, want code %s", e, code)
	}
	return e
}

// unregistered is a well-formed plate the registry does not hold.
func unregistered(f fixture) string {
	for i := 0; i < 1000; i++ {
		p := fmt.Sprintf("ZZX%03d", i)
		if _, err := f.reg.Lookup(context.Background(), p); err != nil {
			return p
		}
	}
	panic("no free plate")
}

func TestCar(t *testing.T) {
	f := sqliteFixture(t)
	rec := do(f, "GET", "/api/mechmate/car/abc%20123", "")
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"isSupported":true,"brand":"Volvo","car":{"registrationNumber":"ABC123","brand":"Volvo","model":"XC60","buildYear":2019,"hasServiceAgreement":true}`) {
		t.Fatalf("ABC123: %d %s", rec.Code, rec.Body.String())
	}
	if rec := do(f, "GET", "/api/mechmate/car/FER001", ""); !strings.Contains(rec.Body.String(), `"isSupported":false,"brand":"Ferrari"`) {
		t.Fatalf("FER001: %s", rec.Body.String())
	}
	e := wantError(t, do(f, "GET", "/api/mechmate/car/ABI123", ""), 400, "InvalidReg")
	if e.Message != "Ogiltigt registreringsnummer, kontrollera att registreringsnumret är korrekt" {
		t.Errorf("message %q", e.Message)
	}
	wantError(t, do(f, "GET", "/api/mechmate/car/"+unregistered(f), ""), 404, "VehicleNotFound")
	for _, b := range []struct {
		brand string
		want  bool
	}{{"Volvo", true}, {"mercedes-benz", true}, {"Subaru", false}, {"Ferrari", false}} {
		rec := do(f, "GET", "/api/mechmate/authorized-workshop/"+b.brand, "")
		if got := decode[map[string]bool](t, rec)["hasBrand"]; got != b.want {
			t.Errorf("hasBrand %s = %v", b.brand, got)
		}
	}
}

type categories struct {
	ServiceOfferingCategories []booking.Category `json:"serviceOfferingCategories"`
}

func offering(cs categories, code string) (booking.Offering, bool) {
	for _, c := range cs.ServiceOfferingCategories {
		for _, o := range c.Offerings {
			if o.Code == code {
				return o, true
			}
		}
	}
	return booking.Offering{}, false
}

func TestServicesAndAddons(t *testing.T) {
	f := sqliteFixture(t)
	cs := decode[categories](t, do(f, "GET", "/api/mechmate/services/ABC123?lat=59.33&lng=18.06", ""))
	o, ok := offering(cs, "originalservice")
	if !ok || !o.IsAvailable || !o.PriceKnown || o.Price <= 0 || o.PriceDiscount <= 0 {
		t.Fatalf("ABC123 interval service %+v", o)
	}
	if o, _ := offering(cs, "windscreen-replace"); o.PriceKnown || o.NotKnownPriceText == "" {
		t.Errorf("windscreen price should be unknown: %+v", o)
	}
	if o, _ := offering(cs, "diagnostics"); o.UnitPrice == nil || o.UnitPrice.Unit != "timme" || !o.AllowUserInput {
		t.Errorf("diagnostics %+v", o)
	}
	bmw := decode[categories](t, do(f, "GET", "/api/mechmate/services/BMW330", ""))
	if o, _ := offering(bmw, "originalservice"); o.PriceDiscount != 0 || !o.IsAvailable {
		t.Errorf("BMW330 without agreement %+v", o)
	}
	sub := decode[categories](t, do(f, "GET", "/api/mechmate/services/TES123", ""))
	if o, _ := offering(sub, "originalservice"); o.IsAvailable {
		t.Errorf("TES123 interval service available without an authorised workshop")
	}
	if o, _ := offering(sub, "wheelchange"); !o.IsAvailable {
		t.Errorf("TES123 wheel change unavailable")
	}
	add := decode[categories](t, do(f, "GET", "/api/mechmate/addons/ABC123", ""))
	single := false
	for _, c := range add.ServiceOfferingCategories {
		if c.SelectionType != nil && *c.SelectionType == "single" {
			single = true
		}
	}
	if !single || len(add.ServiceOfferingCategories) < 2 {
		t.Errorf("addons %+v", add)
	}
	if rec := do(f, "GET", "/api/mechmate/services/FER001", ""); rec.Code != 200 || strings.Contains(rec.Body.String(), "originalservice") {
		t.Errorf("FER001 services %s", rec.Body.String())
	}
	wantError(t, do(f, "GET", "/api/mechmate/services/12", ""), 400, "InvalidReg")
}

// volvoWorkshop is a group-se workshop authorised for Volvo.
func volvoWorkshop(f fixture) *booking.Workshop {
	for _, w := range f.api.Engine.Directory().All("group-se") {
		if w.HasBrand("Volvo") && w.DepartmentID != booking.NoFreeTimes && w.Capacity.Bays > 0 {
			return w
		}
	}
	panic("no Volvo workshop")
}

func TestPrices(t *testing.T) {
	f := sqliteFixture(t)
	w := volvoWorkshop(f)
	rec := do(f, "GET", "/api/mechmate/prices/ABC123/4500/"+w.DepartmentID+"?serviceOfferings=originalservice,wheelchange,battery", "")
	got := decode[struct {
		Offers []booking.Offer `json:"offers"`
	}](t, rec)
	if len(got.Offers) != 3 || got.Offers[0].Code != "originalservice" || got.Offers[0].Price <= 0 || got.Offers[2].PriceKnown {
		t.Fatalf("offers %+v", got.Offers)
	}
	// A bigger interval costs more.
	big := decode[struct {
		Offers []booking.Offer `json:"offers"`
	}](t, do(f, "GET", "/api/mechmate/prices/ABC123/6000/"+w.DepartmentID+"?serviceOfferings=originalservice", ""))
	if big.Offers[0].Price <= got.Offers[0].Price {
		t.Errorf("6000 mil %v not above 4500 mil %v", big.Offers[0].Price, got.Offers[0].Price)
	}
	wantError(t, do(f, "GET", "/api/mechmate/prices/ABC123/4500/"+w.DepartmentID+"?serviceOfferings=teleport", ""), 400, "UnknownService")
	wantError(t, do(f, "GET", "/api/mechmate/prices/ABC123/4500/D-1?serviceOfferings=wheelchange", ""), 404, "UnknownDepartment")
	wantError(t, do(f, "GET", "/api/mechmate/prices/ABC123/0/"+w.DepartmentID+"?serviceOfferings=wheelchange", ""), 400, "InvalidInput")
	many := strings.Repeat("wheelchange,", 3) + "oilchange,brakefluid,acservice,ac-disinfection,wheelalignment,tyrehotel,battery,inspection-prep,brakepads-front"
	wantError(t, do(f, "GET", "/api/mechmate/prices/ABC123/4500/"+w.DepartmentID+"?serviceOfferings="+many, ""), 400, "InvalidInput")
}

// readStream parses a text/event-stream answer into its data messages.
func readStream(t *testing.T, rec *httptest.ResponseRecorder) []map[string]any {
	t.Helper()
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/event-stream") {
		t.Fatalf("content type %q: %s", ct, rec.Body.String())
	}
	var out []map[string]any
	sc := bufio.NewScanner(strings.NewReader(rec.Body.String()))
	var data []string
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "data: "):
			data = append(data, strings.TrimPrefix(line, "data: "))
		case line == "" && len(data) > 0:
			var m map[string]any
			if err := json.Unmarshal([]byte(strings.Join(data, "\n")), &m); err != nil {
				t.Fatalf("message %q: %v", data, err)
			}
			out = append(out, m)
			data = nil
		}
	}
	if len(data) > 0 {
		t.Fatalf("unterminated message %q", data)
	}
	return out
}

func TestClosestAvailableStream(t *testing.T) {
	f := sqliteFixture(t)
	base := "/api/mechmate/departments/closestAvailable?regNo=ABC123&serviceOfferings=originalservice,wheelchange&latitude=59.33&longitude=18.06"
	msgs := readStream(t, do(f, "GET", base+"&limit=3", ""))
	// First, why nearer workshops are not listed: they are
	// not authorised for Volvo, which the interval service needs.
	why, _ := json.Marshal(msgs[0]["nearer"])
	if !strings.Contains(string(why), `"reason":"Service enligt serviceintervall kräver en verkstad auktoriserad för Volvo"`) || !strings.Contains(string(why), `"code":"originalservice"`) {
		t.Fatalf("no explanation of the nearer workshops: %v", msgs[0])
	}
	for _, n := range msgs[0]["nearer"].([]any) {
		if n.(map[string]any)["distanceKm"].(float64) >= msgs[1]["distanceKm"].(float64) {
			t.Errorf("explained a workshop that is not nearer: %v", n)
		}
	}
	msgs = msgs[1:]
	if len(msgs) != 4 || msgs[3]["end"] != true || msgs[3]["more"] != true {
		t.Fatalf("first page %v", msgs)
	}
	if hours := fmt.Sprint(msgs[0]["openingHours"]); !strings.Contains(hours, "Måndag–Fredag 07:00–17:00") {
		t.Errorf("opening hours %s", hours)
	}
	last := -1.0
	seen := map[string]bool{}
	for _, m := range msgs[:3] {
		d := m["distanceKm"].(float64)
		if d < last {
			t.Errorf("not nearest first: %v after %v", d, last)
		}
		last = d
		brands := fmt.Sprint(m["brands"])
		if !strings.Contains(brands, "VO") {
			t.Errorf("%s cannot service a Volvo: %s", m["departmentId"], brands)
		}
		if s, ok := m["firstTimeSlot"].(string); !ok || !strings.HasPrefix(s, "2026-1") || len(s) != 19 {
			t.Errorf("firstTimeSlot %v", m["firstTimeSlot"])
		}
		seen[m["departmentId"].(string)] = true
	}
	// The cursor continues after the last department.
	next := readStream(t, do(f, "GET", base+"&limit=20&cursor="+msgs[2]["departmentId"].(string), ""))
	for _, m := range next[:len(next)-1] {
		if seen[m["departmentId"].(string)] {
			t.Errorf("%s listed twice", m["departmentId"])
		}
		if m["distanceKm"].(float64) < last {
			t.Errorf("second page nearer than the first")
		}
	}
	if end := next[len(next)-1]; end["end"] != true || end["more"] != false {
		t.Errorf("last message %v", end)
	}
	// A car nobody may give its interval service.
	none := readStream(t, do(f, "GET", "/api/mechmate/departments/closestAvailable?regNo=TES123&serviceOfferings=originalservice&latitude=59.33&longitude=18.06", ""))
	if len(none) == 3 && none[0]["nearer"] != nil {
		none = none[1:] // the nearest workshops, and why they cannot
	}
	if len(none) != 2 || none[0]["nosites"] != true || none[1]["end"] != true {
		t.Errorf("nosites stream %v", none)
	}
	wantError(t, do(f, "GET", "/api/mechmate/departments/closestAvailable?regNo=ABC123&serviceOfferings=nope&latitude=59.33&longitude=18.06", ""), 400, "UnknownService")
	wantError(t, do(f, "GET", "/api/mechmate/departments/closestAvailable?regNo=A&serviceOfferings=wheelchange&latitude=59.33&longitude=18.06", ""), 400, "InvalidReg")
	wantError(t, do(f, "GET", base+"&cursor=D-424242", ""), 404, "UnknownDepartment")
	wantError(t, do(f, "GET", base+"&limit=99", ""), 400, "InvalidInput")
}

type weekDay struct {
	Date                string   `json:"date"`
	AvailableSlots      []string `json:"availableSlots"`
	AllDaySlotAvailable bool     `json:"allDaySlotAvailable"`
	Closed              bool     `json:"closed"`
	ClosedName          string   `json:"closedName"`
}

func TestTimeslots(t *testing.T) {
	f := sqliteFixture(t)
	w := volvoWorkshop(f)
	days := decode[[]weekDay](t, do(f, "GET", "/api/mechmate/timeslots/from/ABC123/"+w.DepartmentID+"/2026-11-30T00:00:00/?serviceOfferings=originalservice", ""))
	if len(days) != 7 || days[0].Date != "2026-11-30" || days[6].Date != "2026-12-06" {
		t.Fatalf("days %+v", days)
	}
	if len(days[0].AvailableSlots) == 0 || days[0].AvailableSlots[0] != "07:00" || !days[0].AllDaySlotAvailable {
		t.Errorf("Monday %+v", days[0])
	}
	if len(days[5].AvailableSlots) != 0 || days[5].AllDaySlotAvailable {
		t.Errorf("Saturday open: %+v", days[5])
	}
	// Closed days say so: the weekend without a name, a public
	// holiday with its name; open days are not closed.
	if !days[5].Closed || days[5].ClosedName != "" || !days[6].Closed || days[0].Closed {
		t.Errorf("weekend closed: %+v %+v, Monday %+v", days[5], days[6], days[0])
	}
	xmas := decode[[]weekDay](t, do(f, "GET", "/api/mechmate/timeslots/from/ABC123/"+w.DepartmentID+"/2026-12-21T00:00:00/?serviceOfferings=originalservice", ""))
	if len(xmas) != 7 || xmas[4].Date != "2026-12-25" || !xmas[4].Closed || xmas[4].ClosedName == "" {
		t.Errorf("Christmas Day: %+v", xmas)
	}
	t.Logf("25 December: %+v, 24 December: %+v", xmas[4], xmas[3])
	for _, target := range []string{
		"/api/mechmate/timeslots/from/ABC123/D-1/2026-11-30T00:00:00/?serviceOfferings=wheelchange",
		"/api/mechmate/timeslots/from/ABC123/" + w.DepartmentID + "/2026-11-01T00:00:00/?serviceOfferings=wheelchange",
		"/api/mechmate/timeslots/from/ABC123/" + w.DepartmentID + "/2026-13-01T00:00:00/?serviceOfferings=wheelchange",
		"/api/mechmate/timeslots/from/ABC123/" + w.DepartmentID + "/2026-11-30T00:00:00/?serviceOfferings=nope",
	} {
		if rec := do(f, "GET", target, ""); rec.Code != 200 || strings.TrimSpace(rec.Body.String()) != "[]" {
			t.Errorf("%s: %d %s", target, rec.Code, rec.Body.String())
		}
	}
	// The workshop with no free times.
	nf := decode[[]weekDay](t, do(f, "GET", "/api/mechmate/timeslots/from/DCK789/"+booking.NoFreeTimes+"/2026-11-30T00:00:00/?serviceOfferings=wheelchange", ""))
	for _, d := range nf {
		if len(d.AvailableSlots) > 0 || d.AllDaySlotAvailable {
			t.Errorf("%s has free times: %+v", booking.NoFreeTimes, d)
		}
	}
}

func bookBody(dep, slot string, fullDay bool, services string) string {
	return fmt.Sprintf(`{"customer": {"firstName": "Anna", "lastName": "Lind", "phone": "070-1234567", "email": "anna.lind@example.se"},
		"freeText": "Gnisslar vid inbromsning", "departmentId": %q, "timeSlot": %q, "isFullDay": %v, "registrationNumber": "ABC123",
		"mileage": 4500, "serviceOfferingRequests": [%s]}`, dep, slot, fullDay, services)
}

const interval = `{"kobraId": "originalservice", "unitsSelected": 1, "userInput": ""}`

func TestBookReplayCancel(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		w := volvoWorkshop(f)
		body := bookBody(w.DepartmentID, "2026-11-30T10:00:00.00", false, interval)
		rec := do(f, "POST", "/api/mechmate/book", body, "Idempotency-Key", "6f1c2a0e-1b7a-4c55-9d0e-3f6b8c1d2e4f", "Content-Type", "application/json")
		if rec.Code != 200 {
			t.Fatalf("book: %d %s", rec.Code, rec.Body.String())
		}
		ans := decode[bookingapi.BookAnswer](t, rec)
		if !strings.HasPrefix(ans.ID, "BK-") || ans.RegistrationNumber != "ABC123" || len(ans.KobraProductIDs) != 1 ||
			!strings.HasPrefix(ans.CancelURL, "/boka-service/avboka?id="+ans.ID+"&token=") {
			t.Fatalf("answer %+v", ans)
		}
		again := do(f, "POST", "/api/mechmate/book", body, "Idempotency-Key", "6f1c2a0e-1b7a-4c55-9d0e-3f6b8c1d2e4f")
		if again.Code != 200 || again.Body.String() != rec.Body.String() {
			t.Fatalf("replay answered %d %s, want %s", again.Code, again.Body.String(), rec.Body.String())
		}
		var n, mails int
		db.QueryRow(`SELECT count(*) FROM booking_bookings`).Scan(&n)
		db.QueryRow(`SELECT count(*) FROM mail_outbox WHERE kind = 'booking' AND ref = 'booking:` + ans.ID + `'`).Scan(&mails)
		if n != 1 || mails != 2 {
			t.Fatalf("%d bookings, %d mails; want 1 and 2 (customer and workshop)", n, mails)
		}
		var doc string
		db.QueryRow(`SELECT doc FROM mail_outbox WHERE to_addr = 'anna.lind@example.se'`).Scan(&doc)
		for _, want := range []string{"invite.ics", "text/calendar", "method=PUBLISH", "/boka-service/hantera?token=v1.booking-manage.", "måndag 30 november 2026 kl. 10:00"} {
			if !strings.Contains(doc, want) {
				t.Errorf("confirmation lacks %q", want)
			}
		}
		token := ans.CancelURL[strings.Index(ans.CancelURL, "token=")+6:]
		view := decode[bookingapi.BookingView](t, do(f, "GET", "/api/mechmate/bookings/"+ans.ID+"?token="+token, ""))
		if view.Status != "booked" || view.TimeSlot != "2026-11-30T10:00:00" || view.SiteName != w.SiteName || view.Services[0].Name != "Service enligt serviceintervall" || view.Customer.FirstName != "Anna" {
			t.Fatalf("view %+v", view)
		}
		wantError(t, do(f, "GET", "/api/mechmate/bookings/"+ans.ID+"?token=wrong", ""), 404, "BookingNotFound")
		wantError(t, do(f, "POST", "/api/mechmate/bookings/"+ans.ID+"/cancel?token=wrong", ""), 404, "BookingNotFound")
		for i := 0; i < 2; i++ {
			c := decode[bookingapi.BookingView](t, do(f, "POST", "/api/mechmate/bookings/"+ans.ID+"/cancel?token="+token, ""))
			if c.Status != "cancelled" {
				t.Fatalf("cancel %d: %+v", i, c)
			}
		}
		db.QueryRow(`SELECT count(*) FROM mail_outbox WHERE ref = 'booking:` + ans.ID + `'`).Scan(&mails)
		if mails != 4 {
			t.Errorf("%d mails after cancelling twice, want 4", mails)
		}
		// Full day.
		rec = do(f, "POST", "/api/mechmate/book", bookBody(w.DepartmentID, "2026-12-01T08:00:00.00", true, interval))
		if rec.Code != 200 {
			t.Fatalf("full day: %d %s", rec.Code, rec.Body.String())
		}
	})
}

func TestBookErrors(t *testing.T) {
	f := sqliteFixture(t)
	w := volvoWorkshop(f)
	dep := w.DepartmentID
	ok := bookBody(dep, "2026-12-02T10:00:00.00", false, interval)
	tests := []struct {
		name, body string
		status     int
		code       string
		field      string
	}{
		{"malformed JSON", `{"customer": `, 400, "InvalidInput", "body"},
		{"not an object", `[1,2]`, 400, "InvalidInput", "body"},
		{"malformed plate", strings.Replace(ok, `"ABC123"`, `"ÅÄÖ123"`, 1), 400, "InvalidReg", ""},
		{"unregistered plate", strings.Replace(ok, `"ABC123"`, `"`+unregistered(f)+`"`, 1), 404, "VehicleNotFound", ""},
		{"unknown department", bookBody("D-99999", "2026-12-02T10:00:00.00", false, interval), 404, "UnknownDepartment", ""},
		{"unknown service", bookBody(dep, "2026-12-02T10:00:00.00", false, `{"kobraId": "teleport", "unitsSelected": 1}`), 400, "UnknownService", ""},
		{"past time", bookBody(dep, "2026-11-20T10:00:00.00", false, interval), 400, "InvalidInput", "timeSlot"},
		{"before opening", bookBody(dep, "2026-12-02T05:00:00.00", false, interval), 400, "InvalidInput", "timeSlot"},
		{"on a Sunday", bookBody(dep, "2026-12-06T10:00:00.00", false, interval), 400, "InvalidInput", "timeSlot"},
		{"within the notice", bookBody(dep, "2026-11-23T13:00:00.00", false, interval), 409, "TimeslotNotAvailable", ""},
		{"no time", bookBody(dep, "", false, interval), 400, "InvalidInput", "timeSlot"},
		{"bad e-mail", strings.Replace(ok, "anna.lind@example.se", "anna@", 1), 400, "InvalidInput", "customer.email"},
		{"bad phone", strings.Replace(ok, "070-1234567", "12", 1), 400, "InvalidInput", "customer.phone"},
		{"free text too long", strings.Replace(ok, "Gnisslar vid inbromsning", strings.Repeat("x", 81), 1), 400, "InvalidInput", "freeText"},
		{"no services", bookBody(dep, "2026-12-02T10:00:00.00", false, ""), 400, "InvalidInput", "serviceOfferingRequests"},
		{"too many services", bookBody(dep, "2026-12-02T10:00:00.00", false, strings.TrimSuffix(strings.Repeat(`{"kobraId": "wheelchange"},`, 11), ",")), 400, "InvalidInput", "serviceOfferingRequests"},
		{"message missing", bookBody(dep, "2026-12-02T10:00:00.00", false, `{"kobraId": "diagnostics", "unitsSelected": 1}`), 400, "InvalidInput", "serviceOfferingRequests[0].userInput"},
		{"units out of range", bookBody(dep, "2026-12-02T10:00:00.00", false, `{"kobraId": "diagnostics", "unitsSelected": 9, "userInput": "Lampa lyser"}`), 400, "InvalidInput", "serviceOfferingRequests[0].unitsSelected"},
		{"no capacity at all", bookBody(booking.NoFreeTimes, "2026-12-02T10:00:00.00", false, `{"kobraId": "wheelchange"}`), 409, "TimeslotNotAvailable", ""},
		{"oversized body", strings.Replace(ok, "Gnisslar vid inbromsning", strings.Repeat("x", 17<<10), 1), 413, "PayloadTooLarge", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := wantError(t, do(f, "POST", "/api/mechmate/book", tt.body, "RemoteAddr", "192.0.2.10:4000"), tt.status, tt.code)
			if tt.field != "" && e.Fields[tt.field] == "" {
				t.Errorf("no message for field %s: %+v", tt.field, e.Fields)
			}
		})
	}
	var n int
	f.db.QueryRow(`SELECT count(*) FROM booking_bookings WHERE reg = 'ABC123' AND day = '2026-12-02'`).Scan(&n)
	if n != 0 {
		t.Errorf("%d bookings stored by rejected requests", n)
	}
}

func TestBookRateLimit(t *testing.T) {
	f := sqliteFixture(t)
	var last *httptest.ResponseRecorder
	for i := 0; i <= f.api.BookLimit; i++ {
		last = do(f, "POST", "/api/mechmate/book", `{}`, "RemoteAddr", "198.51.100.7:5555")
	}
	wantError(t, last, 429, "RateLimited")
	if last.Header().Get("Retry-After") == "" {
		t.Error("no Retry-After")
	}
	// Another client is not limited.
	wantError(t, do(f, "POST", "/api/mechmate/book", `{}`, "RemoteAddr", "198.51.100.8:5555"), 400, "InvalidReg")
}

func TestPlaces(t *testing.T) {
	f := sqliteFixture(t)
	got := decode[struct {
		Places []places.Place `json:"places"`
	}](t, do(f, "GET", "/api/places?q=gote", ""))
	if len(got.Places) == 0 || got.Places[0].Name != "Göteborg" || got.Places[0].PlaceID != "se-2711537" || got.Places[0].Region != "Västra Götalands län" {
		t.Fatalf("gote: %+v", got.Places)
	}
	if rec := do(f, "GET", "/api/places?q=malmo&limit=1", ""); !strings.Contains(rec.Body.String(), `"name":"Malmö"`) {
		t.Errorf("malmo: %s", rec.Body.String())
	}
	wantError(t, do(f, "GET", "/api/places?q=", ""), 400, "InvalidInput")
	wantError(t, do(f, "GET", "/api/places?q="+strings.Repeat("a", 65), ""), 400, "InvalidInput")
	if rec := do(f, "GET", "/api/places/nearest?lat=59.86&lng=17.64", ""); !strings.Contains(rec.Body.String(), `"name":"Uppsala"`) {
		t.Errorf("nearest: %s", rec.Body.String())
	}
	wantError(t, do(f, "GET", "/api/places/nearest?lat=48.85&lng=2.35", ""), 400, "InvalidInput")
}

func TestMailLinksIgnoreForeignHosts(t *testing.T) {
	f := sqliteFixture(t)
	w := volvoWorkshop(f)
	rec := do(f, "POST", "/api/mechmate/book", bookBody(w.DepartmentID, "2026-12-03T09:00:00.00", false, interval), "Host", "evil.example", "RemoteAddr", "192.0.2.77:1")
	if rec.Code != 200 {
		t.Fatalf("book: %d %s", rec.Code, rec.Body.String())
	}
	ans := decode[bookingapi.BookAnswer](t, rec)
	var doc string
	f.db.QueryRow(`SELECT doc FROM mail_outbox WHERE ref = 'booking:` + ans.ID + `' AND to_addr = 'anna.lind@example.se'`).Scan(&doc)
	if !strings.Contains(doc, "https://forecourt.se/boka-service/hantera?token=") || strings.Contains(doc, "evil.example") {
		t.Errorf("cancel link does not use the site's own host:\n%.600s", doc)
	}
}

func TestClosestAvailableStreamError(t *testing.T) {
	db := storetest.MustSQLite(t)
	f := newFixture(t, db)
	f.api.Limiter = nil
	db.Close() // the store goes away after the stream's checks
	msgs := readStream(t, do(f, "GET", "/api/mechmate/departments/closestAvailable?regNo=ABC123&serviceOfferings=wheelchange&latitude=59.33&longitude=18.06", ""))
	if len(msgs) != 2 || msgs[0]["error"] == nil || msgs[1]["end"] != true {
		t.Fatalf("stream on a failing store: %v", msgs)
	}
}

// testLinks signs booking links under a fixed test secret on the engine's clock.
func testLinks(tb testing.TB, eng *booking.Engine) *booking.Links {
	tb.Helper()
	s, err := linktoken.New([]byte("0123456789abcdef0123456789abcdef"), booking.LinkLabel)
	if err != nil {
		tb.Fatal(err)
	}
	return &booking.Links{Signer: s, Now: func() time.Time { return eng.Now() }}
}
