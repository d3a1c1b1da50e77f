package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"forecourt/internal/booking"
	"forecourt/internal/catalog"
	"forecourt/internal/forms/leads/smtptest"
	"forecourt/internal/site"
	"forecourt/internal/store"
)

// TestTwoReplicas runs two server processes on one PostgreSQL database, as
// behind a load balancer (docs/operations.md), and shows that what must be
// shared is: an editor session made on one works on the other; a stock
// import is served by both within 5 s; a lead submitted to both with one id
// is stored and mailed once. It needs TEST_DATABASE_URL (CI sets it) and the
// front-end build (make build).
func TestTwoReplicas(t *testing.T) {
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		t.Skip("TEST_DATABASE_URL not set")
	}
	root, _ := filepath.Abs("../..")
	webDir := filepath.Join(root, "web")
	if _, err := os.Stat(filepath.Join(webDir, "dist", "client", ".vite", "manifest.json")); err != nil {
		t.Skip("needs the front-end build (make build)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()

	// One binary for every process.
	bin := filepath.Join(t.TempDir(), "forecourt")
	if out, err := exec.CommandContext(ctx, "go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	dbURL := freshSchema(t, base)
	hash, _ := bcrypt.GenerateFromPassword([]byte("replica-password"), bcrypt.MinCost)
	smtp := smtptest.Start(t, "127.0.0.1:0")
	env := []string{
		"DATABASE_URL=" + dbURL, "WEB_DIR=" + webDir, "RENDER_WORKERS=0", "ACCESS_LOG=false", "LOG_LEVEL=warn",
		"EDITOR_ACCOUNTS=redaktor:" + string(hash), "SMTP_ADDR=" + smtp.Addr, "SMTP_FROM=web@forecourt.test",
		"SITE_NAME=group-se", "FORMS_MIN_FILL_MS=1",
	}
	run := func(args ...string) string {
		cmd := exec.CommandContext(ctx, bin, args...)
		cmd.Env = append(os.Environ(), append(env, "DATA_DIR="+t.TempDir())...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("forecourt %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	run("seed", "--scale", "0.01")
	a := startReplica(ctx, t, bin, env)
	b := startReplica(ctx, t, bin, env)

	t.Run("an editor session made on one works on the other", func(t *testing.T) {
		form := url.Values{"name": {"redaktor"}, "password": {"replica-password"}, "next": {"/?mode=edit"}}
		res, err := noRedirect.PostForm(a+"/editor/login", form)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusSeeOther || len(res.Cookies()) == 0 {
			t.Fatalf("sign-in on A: %d", res.StatusCode)
		}
		req, _ := http.NewRequest("GET", b+"/api/editor/session", nil)
		req.AddCookie(res.Cookies()[0])
		res2, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res2.Body)
		res2.Body.Close()
		if res2.StatusCode != http.StatusOK || !strings.Contains(string(body), `"editor":"redaktor"`) {
			t.Errorf("A's session on B: %d %s", res2.StatusCode, body)
		}
	})

	// A car of group-se that is not a sample, with its seller.
	var found struct {
		Content []struct {
			CarID     int64            `json:"car_id"`
			CarSiteID int64            `json:"car_site_id"`
			Sellers   []catalog.Seller `json:"car_sellers"`
		} `json:"content"`
	}
	postJSON(t, a+"/api/search", `{"index":"vehicles_group_se","limit":48,"fields":["car_id","car_site_id","car_sellers"],"filters":{"car_is_sample":["false"]}}`, http.StatusOK, &found)
	var carID int64
	var siteID int64
	var to string
	for _, c := range found.Content {
		for _, s := range c.Sellers {
			if s.Email != "" && to == "" {
				carID, siteID, to = c.CarID, c.CarSiteID, s.Email
			}
		}
	}
	if to == "" {
		t.Fatal("no group-se car with a seller in the seeded stock")
	}

	t.Run("an import through one is served by the other within 5 s", func(t *testing.T) {
		car := catalog.Car{
			CarID: 990000001, Slug: "volvo-xc60-b5-2022", CarBrand: "Volvo", CarModel: "XC60", CarVersion: "B5 AWD Plus",
			CarYear: 2022, CarFuel: "Bensin", CarBody: "SUV", CarGearbox: "Automat", CarRegno: "RPL 123",
			CarPrice: 389900, CarPriceCurrency: "SEK", CarSiteID: siteID, CarVehicleTypeCode: "PC",
			CarImages: []catalog.Image{{Original: "/-/media/demo/car/suv/blue/1.jpg"}},
		}
		line, _ := json.Marshal(car)
		feed := filepath.Join(t.TempDir(), "cars.jsonl")
		os.WriteFile(feed, append(line, '\n'), 0o644)
		run("import", "cars", "--site", "group-se", feed)
		imported := time.Now()
		q := `{"index":"vehicles_group_se","limit":1,"filters":{"car_id":["990000001"]}}`
		for _, srv := range []string{b, a} {
			for {
				var res struct {
					Total int `json:"total_items"`
				}
				postJSON(t, srv+"/api/search", q, http.StatusOK, &res)
				if res.Total == 1 {
					t.Logf("%s serves the imported car %s after the import", srv, time.Since(imported).Round(10*time.Millisecond))
					break
				}
				if time.Since(imported) > 5*time.Second {
					t.Fatalf("%s does not serve the imported car 5 s after the import", srv)
				}
				time.Sleep(100 * time.Millisecond)
			}
		}
	})

	t.Run("a lead submitted to both with one id is stored and mailed once", func(t *testing.T) {
		// A form ticket from one replica (its secret is in the store, so the
		// other accepts it too).
		var ticket struct {
			Value string `json:"ticket"`
		}
		res, err := http.Get(a + "/api/forms/ticket")
		if err != nil {
			t.Fatal(err)
		}
		json.NewDecoder(res.Body).Decode(&ticket)
		res.Body.Close()
		time.Sleep(50 * time.Millisecond) // FORMS_MIN_FILL_MS=1
		body := fmt.Sprintf(`{"formName":"carDetailContact","formSubmissionId":"replica-lead-000001","ticket":%q,"values":{"car":"%d","name":"Anna Berg","phone":"070 123 45 67","email":"anna@example.se","message":"Finns bilen kvar?","quote":true,"testDrive":false,"toName":"Säljare","toEmail":%q,"source":"https://forecourt.se/bilar/%d/x"}}`, ticket.Value, carID, to, carID)
		var wg sync.WaitGroup
		codes := make([]int, 4)
		for i, srv := range []string{a, b, a, b} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				req, _ := http.NewRequest("POST", srv+"/api/forms/comhub", strings.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Origin", srv)
				res, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Error(err)
					return
				}
				b, _ := io.ReadAll(res.Body)
				res.Body.Close()
				codes[i] = res.StatusCode
				if res.StatusCode != http.StatusAccepted {
					t.Errorf("lead on %s: %d %s", srv, res.StatusCode, b)
				}
			}()
		}
		wg.Wait()
		db, err := store.Open(ctx, "", dbURL)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		var n int
		if err := db.QueryRowContext(ctx, `SELECT count(*) FROM leads WHERE submission_id = $1`, "replica-lead-000001").Scan(&n); err != nil || n != 1 {
			t.Errorf("stored leads = %d (%v), want 1", n, err)
		}
		smtp.Wait(1, 20*time.Second)
		// Both processes' outboxes have had time to take it as well.
		time.Sleep(3 * time.Second)
		mails := smtp.Messages()
		count := 0
		for _, m := range mails {
			if strings.Contains(m.Data, "replica-lead-000001") {
				count++
			}
		}
		if count != 1 {
			t.Errorf("the lead was mailed %d times, want once (codes %v)", count, codes)
		}
	})

	t.Run("concurrent bookings of one slot across both never over-book", func(t *testing.T) {
		db, err := store.Open(ctx, "", dbURL)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		sites, _ := site.New(site.All(), "group-se")
		dir := booking.NewDirectory(nil)
		if err := dir.Load(ctx, catalog.NewStore(db), sites.All()); err != nil {
			t.Fatal(err)
		}
		const dept = "D-1002"
		ws, err := dir.Workshop(dept)
		if err != nil {
			t.Fatal(err)
		}
		// The first free start of a week from now, as the list shows it.
		from := time.Now().In(ws.Zone).AddDate(0, 0, 7).Format("2006-01-02")
		var week []struct {
			Date  string   `json:"date"`
			Slots []string `json:"availableSlots"`
		}
		res, err := http.Get(a + "/api/mechmate/timeslots/from/ABC123/" + dept + "/" + from + "T00:00:00/?serviceOfferings=originalservice")
		if err != nil {
			t.Fatal(err)
		}
		json.NewDecoder(res.Body).Decode(&week)
		res.Body.Close()
		var slot string
		for _, d := range week {
			if len(d.Slots) > 0 {
				slot = d.Date + "T" + d.Slots[0] + ":00.00"
				break
			}
		}
		if slot == "" {
			t.Fatalf("no free start in the week from %s: %+v", from, week)
		}
		// More clients than the workshop has bays, half on each process
		// (within the per-address booking limit of 20).
		const clients = 16
		codes := make([]int, clients)
		var wg sync.WaitGroup
		for i := 0; i < clients; i++ {
			srv := a
			if i%2 == 1 {
				srv = b
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				body := fmt.Sprintf(`{"customer":{"firstName":"Kund","lastName":"Nummer %d","phone":"070 123 45 %02d","email":"kund%d@example.se"},"freeText":"","departmentId":%q,"timeSlot":%q,"isFullDay":false,"registrationNumber":"ABC123","mileage":4500,"serviceOfferingRequests":[{"kobraId":"originalservice","unitsSelected":1,"userInput":""}]}`, i, i, i, dept, slot)
				req, _ := http.NewRequest("POST", srv+"/api/mechmate/book", strings.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Origin", srv) // as the site's own page sends it
				req.Header.Set("Idempotency-Key", fmt.Sprintf("replica-booking-%02d", i))
				res, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Error(err)
					return
				}
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
				codes[i] = res.StatusCode
			}()
		}
		wg.Wait()
		booked, taken := 0, 0
		for _, c := range codes {
			switch c {
			case http.StatusOK:
				booked++
			case http.StatusConflict:
				taken++
			default:
				t.Errorf("a booking answered %d (codes %v)", c, codes)
			}
		}
		var stored int
		db.QueryRowContext(ctx, `SELECT count(*) FROM booking_bookings WHERE department_id = $1 AND status = 'booked'`, dept).Scan(&stored)
		if booked < 1 || booked > ws.Capacity.Bays || stored != booked || booked+taken != clients {
			t.Errorf("%d booked (%d stored), %d taken, for a slot of %d bays (codes %v)", booked, stored, taken, ws.Capacity.Bays, codes)
		}
	})
}

var noRedirect = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// freshSchema returns base with search_path set to a new schema dropped
// when the test ends.
func freshSchema(t *testing.T, base string) string {
	t.Helper()
	var b [6]byte
	rand.Read(b[:])
	schema := "replicas_" + hex.EncodeToString(b[:])
	admin, err := store.Open(context.Background(), "", base)
	if err != nil {
		t.Fatalf("open postgres: %v", err)
	}
	if _, err := admin.Exec(`CREATE SCHEMA ` + schema); err != nil {
		admin.Close()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		admin.Exec(`DROP SCHEMA ` + schema + ` CASCADE`)
		admin.Close()
	})
	u, _ := url.Parse(base)
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// startReplica starts `forecourt serve` on a free port and returns its URL
// once /healthz answers 200 (indexes built).
func startReplica(ctx context.Context, t *testing.T, bin string, env []string) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	var logs replicaLogs
	cmd := exec.Command(bin, "serve", "--no-render")
	cmd.Env = append(os.Environ(), append(env, fmt.Sprintf("PORT=%d", port), "DATA_DIR="+t.TempDir())...)
	cmd.Stdout, cmd.Stderr = &logs, &logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
		if t.Failed() {
			t.Logf("replica on port %d:\n%s", port, logs.String())
		}
	})
	u := fmt.Sprintf("http://127.0.0.1:%d", port)
	deadline := time.Now().Add(5 * time.Minute)
	for {
		if res, err := http.Get(u + "/healthz"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return u
			}
		}
		if ctx.Err() != nil || time.Now().After(deadline) || cmd.ProcessState != nil {
			t.Fatalf("replica on %d did not come up:\n%s", port, logs.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func postJSON(t *testing.T, u, body string, want int, v any) {
	t.Helper()
	res, err := http.Post(u, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != want {
		t.Fatalf("POST %s = %d %s", u, res.StatusCode, b)
	}
	if v != nil {
		if err := json.Unmarshal(b, v); err != nil {
			t.Fatal(err)
		}
	}
}

// replicaLogs is a bytes.Buffer safe for the process's two output streams.
type replicaLogs struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *replicaLogs) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *replicaLogs) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// The soft memory limit is 512 MiB for the demo stock and follows a larger
// stock's live heap, so the collector is never held under its live data.
func TestMemoryLimitFollowsTheLiveHeap(t *testing.T) {
	for _, tt := range []struct {
		live uint64
		want int64
	}{{70 << 20, 512 << 20}, {200 << 20, 512 << 20}, {1 << 30, 5 << 29}} {
		if got := memoryLimitFor(tt.live); got != tt.want {
			t.Errorf("memoryLimitFor(%d) = %d, want %d", tt.live, got, tt.want)
		}
	}
	runtime.GC() // the live heap is what a collection found
	if liveHeap() == 0 {
		t.Error("liveHeap read nothing")
	}
}
