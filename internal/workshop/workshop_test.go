package workshop_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"forecourt/internal/booking"
	"forecourt/internal/catalog"
	"forecourt/internal/errs"
	"forecourt/internal/httpguard"
	"forecourt/internal/staff"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
	"forecourt/internal/workshop"
)

var stockholm, _ = time.LoadLocation("Europe/Stockholm")

// now is a Monday noon in Stockholm.
var now = time.Date(2026, 11, 23, 11, 0, 0, 0, time.UTC)

func testWorkshop(id string, siteID int64) *booking.Workshop {
	week, devs := booking.ParseSchedule(catalog.OpeningSchedule{
		Openinghours: []catalog.OpeningDay{{Day: "Måndag–Fredag", DisplayText: "07:00–17:00"}, {Day: "Lördag–Söndag", DisplayText: "Stängt"}},
	})
	return &booking.Workshop{DepartmentID: id, SiteID: siteID, Site: "group-se", SiteName: "Forecourt Bil " + id, DepartmentName: "Verkstad",
		Street: "Verkstadsgatan 1", Zip: "123 45", City: "Teststad", Phone: "08-123 456 00", Email: "verkstad@example.se",
		Country: "SE", Zone: stockholm, ZoneName: "Europe/Stockholm", Week: week, Deviations: devs,
		Capacity: booking.Capacity{Bays: 1, DayMinutes: 600, FullDayPlaces: 1, Step: 30 * time.Minute, Notice: 16 * time.Hour}}
}

// recorder is the audit log of a test.
type recorder struct {
	mu      sync.Mutex
	entries []staff.Entry
}

func (r *recorder) Record(_ context.Context, e staff.Entry) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.entries = append(r.entries, e)
	return nil
}

func (r *recorder) actions() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, e := range r.entries {
		out = append(out, e.Account+" "+e.Action+" "+e.Subject)
	}
	return out
}

type fixture struct {
	t   *testing.T
	db  *store.DB
	eng *booking.Engine
	svc *booking.Service
	rec *recorder
	mux *http.ServeMux
	hub *booking.Hub
}

func newFixture(t *testing.T, db *store.DB) *fixture {
	eng := booking.New(db, booking.NewDirectory([]*booking.Workshop{testWorkshop("D-9001", 9001), testWorkshop("D-9002", 9002)}))
	eng.Now = func() time.Time { return now }
	if _, err := eng.SeedHours(context.Background()); err != nil {
		t.Fatal(err)
	}
	f := &fixture{t: t, db: db, eng: eng, svc: booking.NewService(eng, nil), rec: &recorder{}, mux: http.NewServeMux(), hub: booking.NewHub(eng)}
	f.hub.Poll = 20 * time.Millisecond
	api := &workshop.API{Engine: eng, Bookings: f.svc, Hub: f.hub, Recorder: f.rec,
		Origin: func(*http.Request, string) string { return "https://forecourt.se" }, Lang: func(string) string { return "sv" },
		CarURL: func(_ *http.Request, site string, id int64) string {
			return fmt.Sprintf("https://%s.example/bilar/%d", site, id)
		},
		Guard: httpguard.Mutation{}}
	for _, r := range api.Routes() {
		h := r.Handler
		f.mux.HandleFunc(r.Pattern, func(w http.ResponseWriter, r *http.Request) {
			if err := h(w, r); err != nil {
				writeError(w, err)
			}
		})
	}
	return f
}

// writeError is the project's error answer (internal/web's), for the test mux.
func writeError(w http.ResponseWriter, err error) {
	status := map[errs.Code]int{errs.Invalid: 400, errs.NotFound: 404, errs.Conflict: 409, errs.Unauthorized: 401, errs.Forbidden: 403,
		errs.TooLarge: 413, errs.UnsupportedMediaType: 415, errs.Unavailable: 503}[errs.CodeOf(err)]
	if status == 0 {
		status = 500
	}
	var e *errs.Error
	body := map[string]any{"code": errs.CodeOf(err), "message": errs.MessageOf(err)}
	if errors.As(err, &e) && len(e.Fields) > 0 {
		body["fields"] = e.Fields
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"error": body})
}

var (
	verkstad   = staff.Principal{Account: "verkstad-9001", Role: staff.RoleWorkshop, Departments: []string{"D-9001"}}
	allWorks   = staff.Principal{Account: "verkstad", Role: staff.RoleWorkshop, Departments: []string{staff.Every}}
	saljare    = staff.Principal{Account: "saljare", Role: staff.RoleSales, Sites: []string{"group-se"}}
	noOne      *staff.Principal
	sameOrigin = "http://127.0.0.1"
)

func (f *fixture) do(p *staff.Principal, method, target, body string) *httptest.ResponseRecorder {
	f.t.Helper()
	r := httptest.NewRequest(method, target, strings.NewReader(body))
	r.Host = "127.0.0.1"
	if body != "" {
		r.Header.Set("Content-Type", "application/json")
	}
	r.Header.Set("Origin", sameOrigin)
	if p != nil {
		r = r.WithContext(staff.WithPrincipal(r.Context(), *p))
	}
	rec := httptest.NewRecorder()
	f.mux.ServeHTTP(rec, r)
	return rec
}

func (f *fixture) book(dep, at string) booking.Booking {
	f.t.Helper()
	start, _ := time.ParseInLocation("2006-01-02 15:04", at, stockholm)
	b, err := f.svc.Book(context.Background(), booking.Request{Flow: booking.FlowService, DepartmentID: dep, Start: start, Minutes: 60,
		Customer: booking.Customer{FirstName: "Anna", LastName: "Lind", Phone: "+46701234567", Email: "anna.lind@example.se"},
		Reg:      "ABC123", Car: booking.Car{Brand: "Volvo", Model: "XC60", Year: 2021}, Mileage: 4500,
		Items: []booking.Item{{Code: "originalservice", Name: "Service enligt serviceintervall", Units: 1, Price: 4295, PriceKnown: true}}}, booking.After{})
	if err != nil {
		f.t.Fatal(err)
	}
	return b
}

func decodeJSON[T any](t *testing.T, rec *httptest.ResponseRecorder) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
		t.Fatalf("decode %d %s: %v", rec.Code, rec.Body.String(), err)
	}
	return v
}

// TestAccess: without a principal every call answers 401; a department,
// booking or closure the principal may not operate answers 404, the same as
// one that does not exist, and changes nothing.
func TestAccess(t *testing.T) {
	f := newFixture(t, storetest.MustSQLite(t))
	mine, theirs := f.book("D-9001", "2026-11-25 10:00"), f.book("D-9002", "2026-11-25 10:00")
	cl, err := f.eng.AddClosure(context.Background(), booking.Closure{DepartmentID: "D-9002", From: "2026-11-27T00:00:00", To: "2026-11-28T00:00:00", Reason: "Inventering", CreatedBy: "admin"})
	if err != nil {
		t.Fatal(err)
	}
	week := `{"weekdays":[{"weekday":1,"open":"07:00","close":"17:00","capacity":2},{"weekday":2,"open":"07:00","close":"17:00","capacity":2},{"weekday":3,"open":"07:00","close":"17:00","capacity":2},{"weekday":4,"open":"07:00","close":"17:00","capacity":2},{"weekday":5,"open":"07:00","close":"17:00","capacity":2},{"weekday":6,"open":"","close":"","capacity":0},{"weekday":7,"open":"","close":"","capacity":0}]}`
	calls := func(dep, id, closure string) [][3]string {
		return [][3]string{
			{"GET", "/api/staff/bookings?department=" + dep + "&from=2026-11-23&to=2026-11-29", ""},
			{"GET", "/api/staff/bookings.csv?department=" + dep + "&from=2026-11-23&to=2026-11-29", ""},
			{"GET", "/api/staff/bookings/" + id + "/slots?date=2026-11-26", ""},
			{"POST", "/api/staff/bookings/" + id + "/move", `{"start":"2026-11-26T13:00:00"}`},
			{"POST", "/api/staff/bookings/" + id + "/cancel", `{"reason":"Sjuk mekaniker"}`},
			{"POST", "/api/staff/bookings/" + id + "/status", `{"status":"arrived"}`},
			{"GET", "/api/staff/departments/" + dep + "/hours", ""},
			{"PUT", "/api/staff/departments/" + dep + "/hours", week},
			{"POST", "/api/staff/closures", `{"department":"` + dep + `","from":"2026-11-30T00:00:00","to":"2026-12-01T00:00:00","reason":"Stängt"}`},
			{"DELETE", "/api/staff/closures/" + closure, ""},
			{"GET", "/api/staff/events?department=" + dep, ""},
		}
	}
	for _, c := range append(calls("D-9001", mine.ID, cl.ID), [3]string{"GET", "/api/staff/departments", ""}) {
		if rec := f.do(noOne, c[0], c[1], c[2]); rec.Code != 401 || !strings.Contains(rec.Body.String(), `"error"`) {
			t.Errorf("%s %s without a principal: %d %s", c[0], c[1], rec.Code, rec.Body.String())
		}
	}
	for _, p := range []staff.Principal{verkstad, saljare} {
		for _, c := range calls("D-9002", theirs.ID, cl.ID) {
			want := 404
			if p.Role == staff.RoleSales && (c[0] == "PUT" || c[0] == "DELETE" || strings.HasSuffix(c[1], "/closures")) {
				want = 403 // a seller never sets hours, whichever department
			}
			if rec := f.do(&p, c[0], c[1], c[2]); rec.Code != want {
				t.Errorf("%s: %s %s: %d %s", p.Account, c[0], c[1], rec.Code, rec.Body.String())
			}
		}
	}
	for _, c := range calls("D-0000", "BK-NOTHERE", "CL-NOTHERE") {
		if rec := f.do(&allWorks, c[0], c[1], c[2]); rec.Code != 404 {
			t.Errorf("unknown: %s %s: %d %s", c[0], c[1], rec.Code, rec.Body.String())
		}
	}
	if got, _ := f.eng.ByID(context.Background(), theirs.ID); got.Status != booking.StatusBooked || got.Sequence != 0 {
		t.Errorf("another department's booking changed: %+v", got)
	}
	if _, err := f.eng.ClosureByID(context.Background(), cl.ID); err != nil {
		t.Errorf("another department's closure: %v", err)
	}
	if a := f.rec.actions(); len(a) != 0 {
		t.Errorf("refused calls recorded: %v", a)
	}
	deps := decodeJSON[[]workshop.DepartmentView](t, f.do(&verkstad, "GET", "/api/staff/departments", ""))
	if len(deps) != 1 || deps[0].ID != "D-9001" {
		t.Errorf("departments of verkstad-9001: %+v", deps)
	}
	if deps := decodeJSON[[]workshop.DepartmentView](t, f.do(&saljare, "GET", "/api/staff/departments", "")); len(deps) != 0 {
		t.Errorf("a seller's departments: %+v", deps)
	}
}

// TestOperations: list, move (and 409 when taken), cancel with a reason,
// status, hours, closures and the day list, each change in the audit log.
func TestOperations(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		b := f.book("D-9001", "2026-11-25 10:00")
		other := f.book("D-9001", "2026-11-26 13:00")
		cal := decodeJSON[workshop.CalendarView](t, f.do(&verkstad, "GET", "/api/staff/bookings?department=D-9001&from=2026-11-25&to=2026-11-26", ""))
		if len(cal.Days) != 2 || len(cal.Bookings) != 2 || cal.Days[0].Open != "07:00" || cal.Days[0].Close != "17:00" || len(cal.Days[0].Slots) != 20 {
			t.Fatalf("calendar %+v", cal)
		}
		v := cal.Bookings[0]
		if v.ID != b.ID || v.Kind != "service" || v.Start != "2026-11-25T10:00:00" || v.End != "2026-11-25T11:00:00" || v.Car.Brand != "Volvo" ||
			v.Car.Year == nil || *v.Car.Year != 2021 || v.Customer.Name != "Anna Lind" || len(v.Services) != 1 || v.Services[0].Price == nil {
			t.Fatalf("booking view %+v", v)
		}
		for _, s := range cal.Days[0].Slots {
			want := 0
			if s.Start == "2026-11-25T10:00:00" || s.Start == "2026-11-25T10:30:00" {
				want = 1
			}
			if s.Used != want || s.Capacity != 1 {
				t.Fatalf("slot %+v", s)
			}
		}
		// Bad ranges.
		for _, q := range []string{"from=2026-11-25&to=2026-11-24", "from=2026-11-01&to=2026-12-31", "from=igår&to=2026-11-24"} {
			if rec := f.do(&verkstad, "GET", "/api/staff/bookings?department=D-9001&"+q, ""); rec.Code != 400 {
				t.Errorf("%s: %d", q, rec.Code)
			}
		}
		// Slots to move to: 13:00 on Thursday is taken (one bay).
		slots := decodeJSON[struct {
			Date  string `json:"date"`
			Slots []struct {
				Start string `json:"start"`
				Free  bool   `json:"free"`
			} `json:"slots"`
		}](t, f.do(&verkstad, "GET", "/api/staff/bookings/"+b.ID+"/slots?date=2026-11-26", ""))
		free := map[string]bool{}
		for _, s := range slots.Slots {
			free[s.Start] = s.Free
		}
		if slots.Date != "2026-11-26" || free["2026-11-26T13:00:00"] || !free["2026-11-26T09:00:00"] {
			t.Fatalf("slots %+v", slots)
		}
		if rec := f.do(&verkstad, "POST", "/api/staff/bookings/"+b.ID+"/move", `{"start":"2026-11-26T13:00:00"}`); rec.Code != 409 {
			t.Fatalf("move onto a taken time: %d %s", rec.Code, rec.Body.String())
		}
		if rec := f.do(&verkstad, "POST", "/api/staff/bookings/"+b.ID+"/move", `{"start":"26/11 09:00"}`); rec.Code != 400 {
			t.Fatalf("move to a bad time: %d %s", rec.Code, rec.Body.String())
		}
		rec := f.do(&verkstad, "POST", "/api/staff/bookings/"+b.ID+"/move", `{"start":"2026-11-26T09:00:00"}`)
		if moved := decodeJSON[workshop.BookingView](t, rec); rec.Code != 200 || moved.Start != "2026-11-26T09:00:00" {
			t.Fatalf("move: %d %+v", rec.Code, moved)
		}
		// Cancel needs a reason.
		if rec := f.do(&verkstad, "POST", "/api/staff/bookings/"+other.ID+"/cancel", `{"reason":"  "}`); rec.Code != 400 {
			t.Fatalf("cancel without a reason: %d", rec.Code)
		}
		if rec := f.do(&verkstad, "POST", "/api/staff/bookings/"+other.ID+"/cancel", `{"reason":"`+strings.Repeat("x", 501)+`"}`); rec.Code != 400 {
			t.Fatalf("cancel with a long reason: %d", rec.Code)
		}
		rec = f.do(&verkstad, "POST", "/api/staff/bookings/"+other.ID+"/cancel", `{"reason":"Sjuk mekaniker"}`)
		if c := decodeJSON[workshop.BookingView](t, rec); rec.Code != 200 || c.Status != "cancelled" || c.CancelReason != "Sjuk mekaniker" {
			t.Fatalf("cancel: %d %+v", rec.Code, c)
		}
		if rec := f.do(&verkstad, "POST", "/api/staff/bookings/"+b.ID+"/status", `{"status":"lost"}`); rec.Code != 400 {
			t.Fatalf("unknown status: %d", rec.Code)
		}
		if rec := f.do(&verkstad, "POST", "/api/staff/bookings/"+b.ID+"/status", `{"status":"arrived"}`); rec.Code != 200 {
			t.Fatalf("arrived: %d %s", rec.Code, rec.Body.String())
		}
		// Hours: Friday closed.
		hv := decodeJSON[workshop.HoursView](t, f.do(&verkstad, "GET", "/api/staff/departments/D-9001/hours", ""))
		if len(hv.Weekdays) != 7 || hv.Weekdays[0].Open != "07:00" || hv.Weekdays[5].Open != "" || hv.Weekdays[0].Capacity != 1 {
			t.Fatalf("hours %+v", hv)
		}
		hv.Weekdays[4].Open, hv.Weekdays[4].Close = "", ""
		body, _ := json.Marshal(map[string]any{"weekdays": hv.Weekdays})
		if rec := f.do(&verkstad, "PUT", "/api/staff/departments/D-9001/hours", string(body)); rec.Code != 200 {
			t.Fatalf("put hours: %d %s", rec.Code, rec.Body.String())
		}
		if ds, _ := f.eng.Slots(context.Background(), "D-9001", booking.Date{Year: 2026, Month: 11, Day: 27}, booking.Job{Minutes: 60}); ds.Any() {
			t.Fatalf("closed Friday still bookable: %+v", ds)
		}
		bad := strings.Replace(string(body), `"07:00"`, `"7"`, 1)
		if rec := f.do(&verkstad, "PUT", "/api/staff/departments/D-9001/hours", bad); rec.Code != 400 || !strings.Contains(rec.Body.String(), "weekdays[0].open") {
			t.Fatalf("bad hours: %d %s", rec.Code, rec.Body.String())
		}
		// A closure removes the times; deleting it gives them back.
		rec = f.do(&verkstad, "POST", "/api/staff/closures", `{"department":"D-9001","from":"2026-11-30T00:00:00","to":"2026-12-01T00:00:00","reason":"Personaldag"}`)
		cl := decodeJSON[booking.Closure](t, rec)
		if rec.Code != 201 || cl.ID == "" || cl.CreatedBy != "verkstad-9001" {
			t.Fatalf("closure: %d %+v", rec.Code, cl)
		}
		if ds, _ := f.eng.Slots(context.Background(), "D-9001", booking.Date{Year: 2026, Month: 11, Day: 30}, booking.Job{Minutes: 60}); ds.Any() || ds.Closed != "Personaldag" {
			t.Fatalf("closed Monday: %+v", ds)
		}
		if rec := f.do(&verkstad, "POST", "/api/staff/closures", `{"department":"D-9001","from":"2026-11-30T00:00:00","to":"2026-11-30T00:00:00","reason":"x"}`); rec.Code != 400 {
			t.Fatalf("empty closure: %d", rec.Code)
		}
		if rec := f.do(&verkstad, "DELETE", "/api/staff/closures/"+cl.ID, ""); rec.Code != 204 {
			t.Fatalf("delete closure: %d %s", rec.Code, rec.Body.String())
		}
		// The day list.
		rec = f.do(&verkstad, "GET", "/api/staff/bookings.csv?department=D-9001&from=2026-11-23&to=2026-11-29", "")
		text := rec.Body.String()
		if rec.Code != 200 || !strings.HasPrefix(text, "\ufeffDatum;Tid;Slut;Bokningsnummer") || !strings.Contains(text, "2026-11-26;09:00;10:00;"+b.ID+";service;arrived;ABC123;Volvo XC60 (2021)") ||
			!strings.Contains(text, "Sjuk mekaniker") || rec.Header().Get("Content-Type") != "text/csv; charset=utf-8" {
			t.Fatalf("csv %d %q", rec.Code, text)
		}
		want := []string{"verkstad-9001 booking.move " + b.ID, "verkstad-9001 booking.cancel " + other.ID, "verkstad-9001 booking.status " + b.ID,
			"verkstad-9001 hours.update D-9001", "verkstad-9001 closure.create " + cl.ID, "verkstad-9001 closure.delete " + cl.ID}
		if got := f.rec.actions(); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("audit\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		// A change from another site's page is refused before anything.
		r := httptest.NewRequest("POST", "/api/staff/bookings/"+b.ID+"/status", strings.NewReader(`{"status":"done"}`))
		r.Header.Set("Content-Type", "application/json")
		r.Header.Set("Origin", "https://evil.example")
		r = r.WithContext(staff.WithPrincipal(r.Context(), verkstad))
		w := httptest.NewRecorder()
		f.mux.ServeHTTP(w, r)
		if w.Code != 403 {
			t.Fatalf("foreign origin: %d", w.Code)
		}
	})
}

// TestLiveEvents: a booking made through another engine on the same store
// (a customer on another replica) reaches the open stream of its
// department, and so does a closure.
func TestLiveEvents(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		if err := f.hub.Once(ctx); err != nil { // from here on, every event
			t.Fatal(err)
		}
		go f.hub.Run(ctx)
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			r = r.WithContext(staff.WithPrincipal(r.Context(), verkstad))
			f.mux.ServeHTTP(w, r)
		}))
		defer srv.Close()
		req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+"/api/staff/events?department=D-9001", nil)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/event-stream; charset=utf-8" {
			t.Fatalf("stream: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
		}
		lines := make(chan string, 100)
		go func() {
			sc := bufio.NewScanner(res.Body)
			for sc.Scan() {
				lines <- sc.Text()
			}
			close(lines)
		}()
		// Wait for the stream to be open and the hub primed before changing.
		if l := <-lines; !strings.HasPrefix(l, "retry:") {
			t.Fatalf("first line %q", l)
		}
		replica := booking.New(db, booking.NewDirectory([]*booking.Workshop{testWorkshop("D-9001", 9001), testWorkshop("D-9002", 9002)}))
		replica.Now = f.eng.Now
		start, _ := time.ParseInLocation("2006-01-02 15:04", "2026-11-25 14:00", stockholm)
		f.book("D-9002", "2026-11-25 14:00") // another department: not on this stream
		b, err := replica.Book(ctx, booking.Request{Flow: booking.FlowService, DepartmentID: "D-9001", Start: start, Minutes: 60,
			Customer: booking.Customer{FirstName: "Per", LastName: "Ek", Email: "per@example.se"}, Reg: "XYZ789"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := replica.AddClosure(ctx, booking.Closure{DepartmentID: "D-9001", From: "2026-12-01T00:00:00", To: "2026-12-02T00:00:00", Reason: "Inventering"}); err != nil {
			t.Fatal(err)
		}
		var got []string
		deadline := time.After(10 * time.Second)
		for len(got) < 4 {
			select {
			case l, ok := <-lines:
				if !ok {
					t.Fatalf("stream ended after %v", got)
				}
				if l != "" && !strings.HasPrefix(l, ":") {
					got = append(got, l)
				}
			case <-deadline:
				t.Fatalf("events so far: %v", got)
			}
		}
		if got[0] != "event: booking" || !strings.Contains(got[1], `"type":"created"`) || !strings.Contains(got[1], b.ID) || got[2] != "event: hours" {
			t.Fatalf("events %v", got)
		}
	})
}
