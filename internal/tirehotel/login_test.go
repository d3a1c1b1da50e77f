package tirehotel

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"forecourt/internal/errs"
	"forecourt/internal/ratelimit"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
)

// clock is a settable test clock shared by the auth, the limiter and the outbox.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func mustKeys(tb testing.TB) *Keys {
	tb.Helper()
	k, err := NewKeys([]byte("0123456789abcdef0123456789abcdef"))
	if err != nil {
		tb.Fatal(err)
	}
	return k
}

type env struct {
	db    *store.DB
	st    *Store
	auth  *Auth
	clock *clock
	ids   map[string]int64
}

var testWorkshop = Location{ErpID: "D-1001", DepartmentID: "D-1001", LocationName: "Forecourt Bil Uppsala", DepartmentName: "Verkstad",
	Address: "Bolandsgatan 12, 753 23 Uppsala", Phone: "018-12 34 50", Email: "service.uppsala@example.com", Latitude: 59.85, Longitude: 17.67}

// testWheel is a winter tyre in good shape (as the demo's agreements have).
var testWheel = Wheel{Name: "Michelin X-Ice North 4", RimDiameter: 17, SectionWidth: 225, AspectRatio: 50,
	ThreadPattern: "Vinter dubb", ThreadDepth: 7, ThreadStatusMessage: "Bra"}

func testAgreement(number, phone, email string, plates ...string) Agreement {
	a := Agreement{Number: number, FirstName: "Anna", LastName: "Lindqvist", Email: email, Phone: phone}
	for _, p := range plates {
		v := Vehicle{RegNo: p, BrandCode: "VO", Brand: "Volvo", Model: "V60", ProductID: "TH-STD", PackageLevel: "Däckhotell Plus", Location: testWorkshop}
		for _, pos := range Positions {
			v.Tires = append(v.Tires, Tire{EquipmentPosition: pos, Wheel: testWheel})
		}
		a.Vehicles = append(a.Vehicles, v)
	}
	return a
}

func mustEnv(t *testing.T, db *store.DB) *env {
	t.Helper()
	c := &clock{t: time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)}
	keys := mustKeys(t)
	st := NewStore(db, keys)
	lim := ratelimit.New(db)
	lim.Now = c.Now
	e := &env{db: db, st: st, clock: c, ids: map[string]int64{},
		auth: &Auth{Store: st, Keys: keys, Limiter: lim, Policy: DefaultPolicy, Now: c.Now}}
	for _, a := range []Agreement{
		testAgreement("TH-1", "+46701740605", "anna@example.com", "ABC123", "ABC12D"),
		testAgreement("TH-2", "+46701740606", "erik@example.com", "XYZ789"),
	} {
		id, err := st.CreateAgreement(context.Background(), a, c.Now())
		if err != nil {
			t.Fatal(err)
		}
		e.ids[a.Number] = id
	}
	return e
}

var codeInText = regexp.MustCompile(`är (\d{4})\.`)

// lastCode reads the newest code sent to phone from the outbox.
func (e *env) lastCode(t *testing.T, phone string) string {
	t.Helper()
	msgs, err := e.st.DevMessages(context.Background(), 50)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range msgs {
		if m.To == phone {
			if c := codeInText.FindStringSubmatch(m.Body); c != nil {
				return c[1]
			}
		}
	}
	t.Fatalf("no code for %s in %v", phone, msgs)
	return ""
}

func (e *env) login(t *testing.T, plate, client string) (authToken string) {
	t.Helper()
	ctx := context.Background()
	c, err := e.auth.Search(ctx, plate, client)
	if err != nil {
		t.Fatalf("search %s: %v", plate, err)
	}
	tok, err := e.auth.Login(ctx, c.EncryptedPhoneNumber, client)
	if err != nil {
		t.Fatalf("login %s: %v", plate, err)
	}
	return tok
}

func wrongCode(code string) string {
	if code == "0000" {
		return "0001"
	}
	return "0000"
}

func TestSearch(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := mustEnv(t, db)
		ctx := context.Background()
		c, err := e.auth.Search(ctx, " abc 123 ", "10.0.0.1")
		if err != nil {
			t.Fatal(err)
		}
		if c.RegNo != "ABC123" || c.ObfuscatedPhoneNumber != "070-*** ** 05" || c.EncryptedPhoneNumber == "" ||
			strings.Contains(c.EncryptedPhoneNumber, "0701740605") {
			t.Errorf("search = %+v", c)
		}
		for _, bad := range []string{"", "A", "ABCD1234", "AB-123", "ÅÄÖ123", "abc'--"} {
			if _, err := e.auth.Search(ctx, bad, "10.0.0.1"); !errs.Is(err, errs.Invalid) {
				t.Errorf("search %q: %v, want invalid", bad, err)
			}
		}
		if _, err := e.auth.Search(ctx, "NOP999", "10.0.0.1"); !errs.Is(err, errs.NotFound) || errs.MessageOf(err) != "Vi hittar inget däckhotellsavtal för detta registreringsnummer." {
			t.Errorf("unknown plate: %v", err)
		}
		// Per client address: 30 look-ups in 10 minutes.
		for i := 0; i < 40; i++ {
			_, err = e.auth.Search(ctx, "ABC123", "10.0.0.9")
			if err != nil {
				break
			}
		}
		var ra *RetryAfter
		if !errs.Is(err, errs.RateLimited) || !errors.As(err, &ra) || ra.D <= 0 {
			t.Errorf("31st search: %v, want rate limited", err)
		}
	})
}

func TestPhoneToken(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := mustEnv(t, db)
		ctx := context.Background()
		c, err := e.auth.Search(ctx, "ABC123", "10.0.0.1")
		if err != nil {
			t.Fatal(err)
		}
		tok := c.EncryptedPhoneNumber
		if _, err := e.auth.openPhoneToken(tok); err != nil {
			t.Fatalf("fresh token: %v", err)
		}
		flip := func(s string, i int) string {
			b := []byte(s)
			if b[i] == 'A' {
				b[i] = 'B'
			} else {
				b[i] = 'A'
			}
			return string(b)
		}
		other, _ := NewKeys([]byte("another key of thirty-two bytes!"))
		for name, bad := range map[string]string{
			"tampered start":  flip(tok, 2),
			"tampered middle": flip(tok, len(tok)/2),
			"tampered end":    flip(tok, len(tok)-1),
			"truncated":       tok[:len(tok)-4],
			"empty":           "",
			"not base64":      "%%%",
			"other purpose":   e.auth.Keys.Seal(purposeSMS+"/to", []byte(`{"a":1,"r":"ABC123","x":99999999999999}`)),
			"other key":       other.Seal(purposePhoneToken, []byte(`{"a":1,"r":"ABC123","x":99999999999999}`)),
		} {
			if _, err := e.auth.Login(ctx, bad, "10.0.0.1"); !errs.Is(err, errs.Invalid) {
				t.Errorf("%s: %v, want invalid", name, err)
			}
		}
		e.clock.Add(DefaultPolicy.TokenTTL)
		if _, err := e.auth.Login(ctx, tok, "10.0.0.1"); err != errTokenExpired {
			t.Errorf("expired token: %v", err)
		}
	})
}

func TestLoginStateMachine(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := mustEnv(t, db)
		ctx := context.Background()
		const client = "10.0.0.1"

		// Four wrong codes count down, the fifth locks; the right code then fails too.
		tok := e.login(t, "ABC123", client)
		code := e.lastCode(t, "+46701740605")
		var got []string
		for i := 0; i < 5; i++ {
			_, _, err := e.auth.Validate(ctx, tok, wrongCode(code), client)
			got = append(got, errs.MessageOf(err))
			if i == 4 && !errors.Is(err, ErrLocked) {
				t.Errorf("fifth wrong code: %v, want locked", err)
			}
		}
		want := []string{"Fel kod. Du har 4 försök kvar.", "Fel kod. Du har 3 försök kvar.", "Fel kod. Du har 2 försök kvar.",
			"Fel kod. Du har 1 försök kvar.", "För många felaktiga försök. Begär en ny kod."}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("wrong codes (-want +got):\n%s", d)
		}
		if _, _, err := e.auth.Validate(ctx, tok, code, client); !errors.Is(err, ErrLocked) {
			t.Errorf("right code after lock: %v", err)
		}

		// A new code works once; replaying it fails.
		tok = e.login(t, "ABC123", client)
		code = e.lastCode(t, "+46701740605")
		session, sess, err := e.auth.Validate(ctx, tok, code, client)
		if err != nil || session == "" || sess.AgreementID != e.ids["TH-1"] {
			t.Fatalf("right code: %q %+v %v", session, sess, err)
		}
		if _, _, err := e.auth.Validate(ctx, tok, code, client); errs.MessageOf(err) != "Koden har redan använts. Begär en ny kod." {
			t.Errorf("replayed code: %v", err)
		}

		// A code expires after 5 minutes.
		e.clock.Add(11 * time.Minute) // a fresh rate-limit window too
		tok = e.login(t, "ABC123", client)
		code = e.lastCode(t, "+46701740605")
		e.clock.Add(5 * time.Minute)
		if _, _, err := e.auth.Validate(ctx, tok, code, client); errs.MessageOf(err) != "Koden har gått ut. Begär en ny kod." {
			t.Errorf("expired code: %v", err)
		}

		// A newer code replaces an older one.
		old := e.login(t, "ABC123", client)
		oldCode := e.lastCode(t, "+46701740605")
		fresh := e.login(t, "ABC123", client)
		freshCode := e.lastCode(t, "+46701740605")
		if _, _, err := e.auth.Validate(ctx, old, oldCode, client); !errs.Is(err, errs.Invalid) {
			t.Errorf("superseded code: %v", err)
		}
		if _, _, err := e.auth.Validate(ctx, fresh, freshCode, client); err != nil {
			t.Errorf("newest code: %v", err)
		}

		// Malformed codes and tokens count nothing.
		for _, c := range []string{"", "123", "12345", "12a4", "１２３４"} {
			if _, _, err := e.auth.Validate(ctx, fresh, c, client); !errs.Is(err, errs.Invalid) {
				t.Errorf("code %q: %v", c, err)
			}
		}
		for _, tk := range []string{"", "forged-token", strings.Repeat("x", 65)} {
			if _, _, err := e.auth.Validate(ctx, tk, "1234", client); !errs.Is(err, errs.Invalid) {
				t.Errorf("token %q: %v", tk, err)
			}
		}
	})
}

func TestResendLimits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := mustEnv(t, db)
		ctx := context.Background()
		c, err := e.auth.Search(ctx, "ABC123", "10.0.0.1")
		if err != nil {
			t.Fatal(err)
		}
		// Three codes per number in 10 minutes, from any address.
		for i, client := range []string{"10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4"} {
			_, err := e.auth.Login(ctx, c.EncryptedPhoneNumber, client)
			if i < 3 && err != nil {
				t.Fatalf("code %d: %v", i+1, err)
			}
			if i == 3 {
				var ra *RetryAfter
				if !errs.Is(err, errs.RateLimited) || !errors.As(err, &ra) || !strings.HasPrefix(errs.MessageOf(err), "Du har begärt för många koder. Försök igen om ") {
					t.Fatalf("fourth code: %v", err)
				}
			}
		}
		// Messages queued: exactly three.
		msgs, _ := e.st.DevMessages(ctx, 50)
		if len(msgs) != 3 {
			t.Errorf("%d messages queued, want 3", len(msgs))
		}
		// After the window, again.
		e.clock.Add(10 * time.Minute)
		c, _ = e.auth.Search(ctx, "ABC123", "10.0.0.1")
		if _, err := e.auth.Login(ctx, c.EncryptedPhoneNumber, "10.0.0.1"); err != nil {
			t.Errorf("after the window: %v", err)
		}

		// Ten codes per client address in 10 minutes, whatever the number.
		e.clock.Add(10 * time.Minute)
		for i := 0; i < 11; i++ {
			e.clock.Add(time.Second)
			plate := []string{"ABC123", "XYZ789"}[i%2]
			if i%2 == 0 && i > 0 {
				// Spread over numbers so that only the address limit applies.
				e.auth.Policy.CodesPerNumber = ratelimit.Limit{N: 100, Window: 10 * time.Minute}
				e.auth.Policy.CodesPerNumberDay = ratelimit.Limit{N: 100, Window: 24 * time.Hour}
			}
			c, err := e.auth.Search(ctx, plate, "192.0.2.7")
			if err != nil {
				t.Fatal(err)
			}
			_, err = e.auth.Login(ctx, c.EncryptedPhoneNumber, "192.0.2.7")
			if i < 10 && err != nil {
				t.Fatalf("code %d from one address: %v", i+1, err)
			}
			if i == 10 && !errs.Is(err, errs.RateLimited) {
				t.Fatalf("11th code from one address: %v", err)
			}
		}
	})
}

func TestSessions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := mustEnv(t, db)
		ctx := context.Background()
		tok := e.login(t, "ABC123", "10.0.0.1")
		session, _, err := e.auth.Validate(ctx, tok, e.lastCode(t, "+46701740605"), "10.0.0.1")
		if err != nil {
			t.Fatal(err)
		}
		s, err := e.auth.Session(ctx, session)
		if err != nil || s.AgreementID != e.ids["TH-1"] {
			t.Fatalf("session: %+v %v", s, err)
		}
		v, err := e.auth.Validated(ctx, s)
		if err != nil {
			t.Fatal(err)
		}
		var plates []string
		for _, x := range v.Vehicles {
			plates = append(plates, x.RegNo)
			if len(x.Tires) != 4 || x.Tires[0].EquipmentPosition != "VF" || x.Name != "Volvo V60" {
				t.Errorf("vehicle %+v", x)
			}
		}
		if d := cmp.Diff([]string{"ABC123", "ABC12D"}, plates); v.Status != 0 || d != "" {
			t.Errorf("validated status %d, plates (-want +got):\n%s", v.Status, d)
		}
		// Forged tokens: nothing.
		for _, f := range []string{"", "x", session + "x", strings.Repeat("A", 43), strings.Repeat("A", 200)} {
			if _, err := e.auth.Session(ctx, f); !errs.Is(err, errs.Unauthorized) {
				t.Errorf("forged %q: %v", f, err)
			}
		}
		// Expiry after two hours.
		e.clock.Add(2*time.Hour - time.Second)
		if _, err := e.auth.Session(ctx, session); err != nil {
			t.Errorf("before expiry: %v", err)
		}
		e.clock.Add(time.Second)
		if _, err := e.auth.Session(ctx, session); !errs.Is(err, errs.Unauthorized) {
			t.Errorf("expired: %v", err)
		}
		// Logged out: a replayed cookie is refused.
		e.clock.Add(-time.Hour)
		if err := e.auth.Logout(ctx, session); err != nil {
			t.Fatal(err)
		}
		if _, err := e.auth.Session(ctx, session); !errs.Is(err, errs.Unauthorized) {
			t.Errorf("after logout: %v", err)
		}
	})
}

// TestConcurrentValidate: a code is accepted at most once, however many
// requests race with it.
func TestConcurrentValidate(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := mustEnv(t, db)
		tok := e.login(t, "ABC123", "10.0.0.1")
		code := e.lastCode(t, "+46701740605")
		var wg sync.WaitGroup
		var mu sync.Mutex
		ok := 0
		for i := 0; i < 8; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, _, err := e.auth.Validate(context.Background(), tok, code, "10.0.0.1"); err == nil {
					mu.Lock()
					ok++
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if ok != 1 {
			t.Errorf("%d sessions from one code, want 1", ok)
		}
	})
}

func TestKeysAtRest(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		mustEnv(t, db)
		var enc string
		db.QueryRow(`SELECT phone_enc FROM tirehotel_agreements ORDER BY id LIMIT 1`).Scan(&enc)
		if enc == "" || strings.Contains(enc, "0605") || strings.Contains(enc, "701740605") {
			t.Errorf("phone at rest = %q", enc)
		}
		var body string
		e := mustEnv(t, storetest.MustSQLite(t))
		e.login(t, "ABC123", "10.0.0.1")
		e.db.QueryRow(`SELECT body_enc FROM tirehotel_sms_outbox`).Scan(&body)
		if body == "" || strings.Contains(body, "kod") {
			t.Errorf("sms body at rest = %q", body)
		}
	})
}

func TestObfuscateAndNormalize(t *testing.T) {
	if got := ObfuscatePhone("+46701234567"); got != "070-*** ** 67" {
		t.Errorf("obfuscate = %q", got)
	}
	for in, want := range map[string]string{"070-123 45 67": "+46701234567", "+46 70 123 45 67": "+46701234567", "0046701234567": "+46701234567",
		"08-123 456": "", "0701234": "", "+4670123456789": "", "07012345a7": ""} {
		got, ok := NormalizeMobile(in)
		if got != want || ok != (want != "") {
			t.Errorf("NormalizeMobile(%q) = %q %v, want %q", in, got, ok, want)
		}
	}
}
