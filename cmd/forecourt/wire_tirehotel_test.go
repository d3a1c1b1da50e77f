package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/demo/stock"
	"forecourt/internal/demo/tyres"
	"forecourt/internal/jobs"
	"forecourt/internal/ratelimit"
	"forecourt/internal/site"
	"forecourt/internal/store"
	"forecourt/internal/tirehotel"
	"forecourt/internal/web"
)

// syncBuffer is a log sink for concurrent writers.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

// TestTirehotelServer runs the seeded demo through the real server (access
// log on): the demo plates behave as the contract says, and no code, token
// or phone number reaches the logs.
func TestTirehotelServer(t *testing.T) {
	if testing.Short() {
		t.Skip("seeds the demo stock")
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	dir := t.TempDir()
	logs := &syncBuffer{}
	log := slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	db, err := store.Open(ctx, dir, "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	sites, _ := site.New(site.All(), "group-se")
	a := &app{cfg: config{DataDir: dir, AccessLog: true}, log: log, sites: sites, db: db}
	if _, err := stock.SeedIfEmpty(ctx, catalog.NewStore(db), stock.SeedOptions{Scale: 0.05}); err != nil {
		t.Fatal(err)
	}
	if err := seedTirehotel(ctx, a, io.Discard); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, tirehotel.KeyFileName)); err != nil {
		t.Fatalf("no development key: %v", err)
	}

	deps := testDeps(t, a)
	w := &wiring{app: a, deps: &deps, limiter: ratelimit.New(db)}
	if w.booking, err = startBookingEngine(ctx, a, &deps); err != nil {
		t.Fatal(err)
	}
	// The wheel change's text messages are jobs: the server always has a queue.
	if w.jobs, err = jobs.Open(ctx, db, log, jobs.Options{}); err != nil {
		t.Fatal(err)
	}
	if err := wireTirehotel(ctx, w); err != nil {
		t.Fatal(err)
	}
	srv, err := web.New(web.Config{AccessLog: true}, deps)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar}
	call := func(method, path, body string, out any) int {
		t.Helper()
		req, _ := http.NewRequest(method, hs.URL+path, strings.NewReader(body))
		if method == "POST" {
			req.Header.Set("Origin", hs.URL)
			req.Header.Set("Content-Type", "application/json")
		}
		res, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		if out != nil && len(b) > 0 {
			if err := json.Unmarshal(b, out); err != nil {
				t.Fatalf("%s %s: %d %s", method, path, res.StatusCode, b)
			}
		}
		return res.StatusCode
	}
	var secrets []string
	signIn := func(plate string) tirehotel.Validated {
		t.Helper()
		var cust tirehotel.Customer
		if st := call("GET", "/api/tirehotel/authorization/search?regNo="+plate, "", &cust); st != 200 {
			t.Fatalf("search %s: %d", plate, st)
		}
		var cred struct{ AuthorizationToken string }
		if st := call("POST", "/api/tirehotel/authorization/login?encryptedPhoneNumber="+url.QueryEscape(cust.EncryptedPhoneNumber), "", &cred); st != 200 {
			t.Fatalf("login %s: %d", plate, st)
		}
		var msgs []tirehotel.DevSMS
		call("GET", "/_dev/sms", "", &msgs)
		code := regexp.MustCompile(`\d{4}`).FindString(msgs[0].Body)
		wrong := "0000"
		if code == wrong {
			wrong = "1111"
		}
		call("POST", "/api/tirehotel/authorization/validate?authToken="+url.QueryEscape(cred.AuthorizationToken)+"&otpToken="+wrong, "", nil)
		var v tirehotel.Validated
		if st := call("POST", "/api/tirehotel/authorization/validate?authToken="+url.QueryEscape(cred.AuthorizationToken)+"&otpToken="+code, "", &v); st != 200 {
			t.Fatalf("validate %s: %d", plate, st)
		}
		u, _ := url.Parse(hs.URL + "/api/tirehotel")
		for _, ck := range jar.Cookies(u) {
			secrets = append(secrets, ck.Value)
		}
		secrets = append(secrets, code+"&", "otpToken=", cred.AuthorizationToken, cust.EncryptedPhoneNumber, msgs[0].To, msgs[0].To[3:])
		return v
	}
	loc, _ := time.LoadLocation("Europe/Stockholm")
	today := time.Now().In(loc)
	rng := `{"startDate":"` + today.AddDate(0, 0, 3).Format("2006-01-02") + `","endDate":"` + today.AddDate(0, 0, 40).Format("2006-01-02") + `","regNo":"%s"}`
	days := func(v tirehotel.Validated) int {
		var d struct{ AvailableDates []tirehotel.AvailableDate }
		if st := call("POST", "/api/tirehotel/booking/GetTimeslotDays?workshopIdentifier="+v.Vehicles[0].Location.ErpID,
			strings.Replace(rng, "%s", v.Vehicles[0].RegNo, 1), &d); st != 200 {
			t.Fatalf("days %s: %d", v.Vehicles[0].RegNo, st)
		}
		return len(d.AvailableDates)
	}

	fine := signIn(tyres.PlateFine)
	if n := days(fine); n < 10 {
		t.Errorf("%s: %d days with free times", tyres.PlateFine, n)
	}
	for _, tr := range fine.Vehicles[0].Tires {
		if tr.Wheel.ThreadStatusID != 0 {
			t.Errorf("%s has a worn tyre", tyres.PlateFine)
		}
	}
	call("POST", "/api/tirehotel/logout", "", nil)
	worn := signIn(tyres.PlateWorn)
	n := 0
	for _, tr := range worn.Vehicles[0].Tires {
		if tr.Wheel.ThreadStatusID == tirehotel.TreadReplace {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%s: %d worn tyres, want 1", tyres.PlateWorn, n)
	}
	full := signIn(tyres.PlateNoTimes)
	if n := days(full); n != 0 {
		t.Errorf("%s: %d days with free times, want none", tyres.PlateNoTimes, n)
	}
	var e struct{ Message, Code string }
	if st := call("GET", "/api/tirehotel/authorization/search?regNo=NOP999", "", &e); st != 404 || e.Code != "NotFound" {
		t.Errorf("unknown plate: %d %+v", st, e)
	}

	// The operator's GDPR hooks open the same data.
	st, err := tirehotelStore(a)
	if err != nil {
		t.Fatal(err)
	}
	ex, err := st.ExportEmail(ctx, "anna.lindqvist@example.com")
	if err != nil || len(ex.Agreements) != 1 || ex.Agreements[0].Vehicles[0].RegNo != tyres.PlateFine {
		t.Errorf("export: %+v %v", ex, err)
	}

	out := logs.String()
	if !strings.Contains(out, `"path":"/api/tirehotel/authorization/validate"`) {
		t.Fatalf("no access log lines:\n%s", out)
	}
	for _, s := range secrets {
		if s != "" && strings.Contains(out, s) {
			t.Errorf("the log contains %q", s)
		}
	}
}
