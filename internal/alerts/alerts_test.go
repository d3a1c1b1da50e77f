package alerts_test

import (
	"context"
	"encoding/json"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"forecourt/internal/alerts"
	"forecourt/internal/catalog"
	"forecourt/internal/catalogpages"
	"forecourt/internal/demo/stock"
	"forecourt/internal/errs"
	"forecourt/internal/linktoken"
	"forecourt/internal/linktoken/linktokentest"
	"forecourt/internal/mail"
	"forecourt/internal/search"
	"forecourt/internal/site"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
)

var texts = map[string]string{
	"pathToCarList": "/bilar", "pathToCarDetail": "/bilar/", "pathToSavedSearches": "/bevakningar",
	"alertsDigestSubject": "Nytt i din bevakning: {search}", "alertsNewCars": "Nya bilar", "alertsPriceDrops": "Sänkta priser",
	"alertsUnsubscribe": "Avsluta bevakningen", "facet_car_price": "Pris", "mileageUnit": "mil", "alertsAllCars": "Alla bilar",
}

// clock is a settable test clock.
type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

// fixture is a service over a fresh store with a few cars of group-se.
type fixture struct {
	db    *store.DB
	svc   *alerts.Service
	cat   *catalog.Store
	clock *clock
}

// sunday is Sunday 2026-11-22 21:00 in Stockholm, the fixtures' first hour.
var sunday = time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC)

func newFixture(t *testing.T, db *store.DB) *fixture {
	t.Helper()
	c := &clock{t: sunday}
	cat := catalog.NewStore(db)
	svc := &alerts.Service{DB: db, Tokens: mustTokens(t), Cars: cat,
		Texts: func(ctx context.Context, siteName, lang string) (map[string]string, error) { return texts, nil },
		Now:   c.now, DigestHour: 7}
	return &fixture{db: db, svc: svc, cat: cat, clock: c}
}

// car returns a feed line of a car; edits override fields.
func car(t *testing.T, id int64, brand, model, fuel string, price float64) string {
	t.Helper()
	c := catalog.Car{CarID: id, Slug: strings.ToLower(brand + "-" + model), CarBrand: brand, CarModel: model, CarVersion: "T",
		CarYear: 2022, CarFuel: fuel, CarBody: "SUV", CarGearbox: "Automat", CarPrice: price, CarPriceCurrency: "SEK",
		CarSiteID: 7, CarVehicleTypeCode: "PC", CarMileage: 1200,
		CarImages: []catalog.Image{{Original: "/-/media/demo/car/suv/blue/1.jpg"}}}
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// importFeed imports lines as an incremental cars feed of group-se with
// the alerts hook (the import diff) and returns nothing; the diffs are
// matched by matchAll.
func (f *fixture) importFeed(t *testing.T, lines ...string) {
	t.Helper()
	_, err := catalog.Import(context.Background(), f.cat, catalog.KindCars, "group-se", strings.NewReader(strings.Join(lines, "\n")),
		catalog.ImportOptions{Now: func() time.Time { return stock.DemoRefDate }, OnCars: f.svc.Hook()})
	if err != nil {
		t.Fatal(err)
	}
}

// matchAll matches every pending diff, as the match jobs do.
func (f *fixture) matchAll(t *testing.T) int {
	t.Helper()
	ids, err := f.svc.PendingDiffs(context.Background(), 100)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, id := range ids {
		k, err := f.svc.MatchDiff(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		n += k
	}
	return n
}

// subscribe saves the list address path?query for email and returns the
// search (unconfirmed) after checking its confirmation mail.
func (f *fixture) subscribe(t *testing.T, email, path, query string, freq alerts.Frequency) alerts.Search {
	t.Helper()
	ctx := context.Background()
	st := siteByName("group-se")
	v, _ := url.ParseQuery(query)
	q, ok, err := catalogpages.ListQueryOf(ctx, stockSearcher{f.cat}, st.VehiclesIndex(), "/bilar", path, v)
	if err != nil || !ok {
		t.Fatalf("ListQueryOf(%s) = %v, %v", path, ok, err)
	}
	p, err := f.svc.Prepare(ctx, st, alerts.Signup{Email: email, Frequency: freq, Lang: "sv", Path: path, Query: v}, q, "https://forecourt.se", "/bilar")
	if err != nil {
		t.Fatal(err)
	}
	x, err := f.svc.Subscribe(ctx, p, "")
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func (f *fixture) confirm(t *testing.T, x alerts.Search) {
	t.Helper()
	tok := linktokentest.Sign(t, f.svc.Tokens, alerts.PurposeConfirm, x.ID, f.clock.t.Add(time.Hour))
	if _, _, err := f.svc.Confirm(context.Background(), "group-se", tok); err != nil {
		t.Fatal(err)
	}
}

// stockSearcher searches group-se's stock as it is in the store (the
// server's engine does the same over its built index).
type stockSearcher struct{ cat *catalog.Store }

func (s stockSearcher) Search(ctx context.Context, q search.Query) (search.Result, error) {
	cars, err := s.cat.Cars(ctx, "group-se")
	if err != nil {
		return search.Result{}, err
	}
	b, err := search.NewBuilder(search.VehiclesSchema(), len(cars))
	if err != nil {
		return search.Result{}, err
	}
	for i := range cars {
		if err := b.Add(&cars[i]); err != nil {
			return search.Result{}, err
		}
	}
	ix, err := b.Finish()
	if err != nil {
		return search.Result{}, err
	}
	return ix.Search(q)
}

func siteByName(name string) *site.Site {
	for _, s := range site.All() {
		if s.Name == name {
			return s
		}
	}
	panic(name)
}

func mails(t *testing.T, db *store.DB, to string) []mail.Message {
	t.Helper()
	m, err := mail.ExportRecipient(context.Background(), db, to)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func digests(t *testing.T, db *store.DB, to string) []mail.Message {
	var out []mail.Message
	for _, m := range mails(t, db, to) {
		if m.Kind == "alert-digest" {
			out = append(out, m)
		}
	}
	return out
}

// TestTokensOfSentMails: the links in mails sent before the tokens moved
// to linktoken still work, and new ones read the same. (The token checks
// themselves are linktoken's tests.)
func TestTokensOfSentMails(t *testing.T) {
	tk := mustTokens(t)
	exp := time.Date(2027, 1, 2, 3, 4, 5, 0, time.UTC)
	const sent = "v1.manage.Z3JvdXAtc2UKYW5uYUBleGFtcGxlLnNl.tqzsit.yWWMcZKqrItS9F5gO4yi1GYuZtTJsBNhj39hdNg6kNQ"
	if got := linktokentest.Sign(t, tk, alerts.PurposeManage, "group-se\nanna@example.se", exp); got != sent {
		t.Errorf("Sign = %s; earlier mails carry %s", got, sent)
	}
	if subj, err := tk.Check(sent, alerts.PurposeManage, exp.Add(-time.Hour)); err != nil || subj != "group-se\nanna@example.se" {
		t.Errorf("Check = %q, %v", subj, err)
	}
}

func mustTokens(tb testing.TB) *linktoken.Signer {
	tb.Helper()
	tk, err := alerts.NewTokens([]byte("0123456789abcdef0123456789abcdef"))
	if err != nil {
		tb.Fatal(err)
	}
	return tk
}

func TestParseSignup(t *testing.T) {
	st := siteByName("group-se")
	cases := []struct {
		name   string
		body   string
		fields map[string]string
	}{
		{"good", `{"email":" Anna@Example.se ","frequency":"daily","path":"/bilar","query":"car_fuel=El"}`, nil},
		{"everything wrong", `{"email":"anna@","frequency":"hourly","lang":"de","path":"bilar","query":"%zz"}`,
			map[string]string{"email": "invalidInput", "frequency": "invalidInput", "lang": "invalidInput", "path": "invalidInput", "query": "invalidInput"}},
		{"header injection in the address", `{"email":"a@b.se\r\nBcc: x@y.se","frequency":"weekly","path":"/bilar"}`, map[string]string{"email": "invalidInput"}},
		{"protocol-relative path", `{"email":"a@b.se","frequency":"weekly","path":"//evil.example/bilar"}`, map[string]string{"path": "invalidInput"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			su, err := alerts.ParseSignup([]byte(c.body), st)
			if c.fields == nil {
				if err != nil || su.Email != "anna@example.se" || su.Lang != "sv" {
					t.Fatalf("ParseSignup = %+v, %v", su, err)
				}
				return
			}
			e, ok := err.(*errs.Error)
			if !ok {
				t.Fatalf("err = %v", err)
			}
			if d := cmp.Diff(c.fields, e.Fields); d != "" {
				t.Fatalf("fields (-want +got):\n%s", d)
			}
		})
	}
	if su, _ := alerts.ParseSignup([]byte(`{"email":"a@b.se","frequency":"daily","path":"/bilar","website":"x"}`), st); !su.Honeypot {
		t.Fatal("a filled website field is not the honeypot")
	}
}

// TestMatchDiff saves searches with filters, a range and a keyphrase,
// imports new cars and price drops, and checks each confirmed search gets
// exactly the cars its list shows, unconfirmed ones nothing, and a second
// match of the same diff nothing more.
func TestMatchDiff(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		ctx := context.Background()
		f.importFeed(t, car(t, 1, "Volvo", "XC60", "Diesel", 300000), car(t, 2, "Volvo", "XC40", "El", 450000), car(t, 3, "BMW", "X3", "Diesel", 500000))
		if n := f.matchAll(t); n != 0 {
			t.Fatalf("before any search: %d items", n)
		}
		electric := f.subscribe(t, "el@example.se", "/bilar", "car_fuel=El", alerts.Daily)
		volvoCheap := f.subscribe(t, "volvo@example.se", "/bilar/volvo", "car_price=0-400000", alerts.Weekly)
		xc60 := f.subscribe(t, "xc60@example.se", "/bilar/volvo/xc60", "", alerts.Daily)
		keyword := f.subscribe(t, "kw@example.se", "/bilar", "keyphrase=bmw", alerts.Daily)
		pending := f.subscribe(t, "pending@example.se", "/bilar", "", alerts.Daily)
		for _, x := range []alerts.Search{electric, volvoCheap, xc60, keyword} {
			f.confirm(t, x)
		}
		f.clock.t = f.clock.t.Add(time.Minute)
		f.importFeed(t,
			car(t, 1, "Volvo", "XC60", "Diesel", 299000), // drop: volvoCheap, xc60
			car(t, 2, "Volvo", "XC40", "El", 390000),     // drop into volvoCheap's range, electric
			car(t, 3, "BMW", "X3", "Diesel", 510000),     // raise: nobody
			car(t, 4, "BMW", "iX1", "El", 520000),        // new: electric, keyword
			car(t, 5, "Volvo", "XC60", "Bensin", 420000)) // new: xc60 (above volvoCheap's range)
		if n := f.matchAll(t); n != 7 {
			t.Fatalf("matched %d items, want 7", n)
		}
		if n := f.matchAll(t); n != 0 {
			t.Fatalf("second match stored %d items", n)
		}
		want := map[string][]string{
			electric.ID:   {"2:drop:450000>390000", "4:new:0>520000"},
			volvoCheap.ID: {"1:drop:300000>299000", "2:drop:450000>390000"},
			xc60.ID:       {"1:drop:300000>299000", "5:new:0>420000"},
			keyword.ID:    {"4:new:0>520000"},
			pending.ID:    nil,
		}
		for id, w := range want {
			got := items(t, db, id)
			if d := cmp.Diff(w, got); d != "" {
				t.Errorf("items of %s (-want +got):\n%s", id, d)
			}
		}
		_ = ctx
	})
}

func items(t *testing.T, db *store.DB, search string) []string {
	t.Helper()
	rows, err := db.Query(db.Rebind(`SELECT car_id, kind, old_price, new_price FROM alerts_items WHERE search_id = ? ORDER BY car_id`), search)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id int64
		var kind string
		var o, n float64
		rows.Scan(&id, &kind, &o, &n)
		out = append(out, strings.Join([]string{itoa(id), kind, ftoa(o) + ">" + ftoa(n)}, ":"))
	}
	return out
}

func itoa(n int64) string   { return strconv.FormatInt(n, 10) }
func ftoa(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// TestDigests checks daily and weekly digests: one mail per period, the
// hour they wait for, the items they list (new cars, price drops with the
// old price, absolute links), unsubscribe headers, and nothing after an
// unsubscribe.
func TestDigests(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		ctx := context.Background()
		f.importFeed(t, car(t, 1, "Volvo", "XC60", "Diesel", 300000))
		f.matchAll(t)
		daily := f.subscribe(t, "daily@example.se", "/bilar/volvo", "", alerts.Daily)
		weekly := f.subscribe(t, "weekly@example.se", "/bilar/volvo", "", alerts.Weekly)
		f.confirm(t, daily)
		f.confirm(t, weekly)
		if got := mails(t, db, "daily@example.se"); len(got) != 1 || got[0].Kind != "alert-confirm" {
			t.Fatalf("mails before alerts = %+v; want the confirmation only", got)
		}

		// Monday 05:30 local: a drop and a new car, before the digest hour.
		f.clock.t = time.Date(2026, 11, 23, 4, 30, 0, 0, time.UTC)
		f.importFeed(t, car(t, 1, "Volvo", "XC60", "Diesel", 289000), car(t, 2, "Volvo", "V90", "Bensin", 350000))
		f.matchAll(t)
		sweep := func() int {
			t.Helper()
			n, err := f.svc.Sweep(ctx)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		if n := sweep(); n != 0 {
			t.Fatalf("sweep before 07:00 sent %d", n)
		}
		f.clock.t = time.Date(2026, 11, 23, 7, 0, 0, 0, time.UTC) // 08:00 local
		if n := sweep(); n != 2 {
			t.Fatalf("first sweep sent %d, want 2", n)
		}
		if n := sweep(); n != 0 {
			t.Fatalf("second sweep sent %d", n)
		}
		d := digests(t, db, "daily@example.se")
		if len(d) != 1 {
			t.Fatalf("daily digests = %d", len(d))
		}
		m := d[0]
		for _, want := range []string{"Nya bilar", "Volvo V90 T", "350\u00a0000\u00a0kr", "https://forecourt.se/bilar/2/volvo-v90",
			"Sänkta priser", "289\u00a0000\u00a0kr", "300\u00a0000\u00a0kr", "https://forecourt.se/bilar/1/volvo-xc60",
			"https://forecourt.se/bevakningar?unsubscribe=", "https://forecourt.se/bevakningar?token="} {
			if !strings.Contains(m.Text, want) || !strings.Contains(m.HTML, strings.ReplaceAll(want, "&", "&amp;")) {
				t.Errorf("digest lacks %q:\n%s", want, m.Text)
			}
		}
		if !strings.HasPrefix(m.Headers["List-Unsubscribe"], "<https://forecourt.se/api/alerts/unsubscribe?token=") ||
			m.Headers["List-Unsubscribe-Post"] != "List-Unsubscribe=One-Click" {
			t.Errorf("headers = %v", m.Headers)
		}
		if m.Subject != "Nytt i din bevakning: Volvo" || m.Ref != alerts.MailRef(daily.ID) {
			t.Errorf("subject %q ref %q", m.Subject, m.Ref)
		}

		// Later on Monday: a new car. The daily waits for Tuesday, the weekly for next Monday.
		f.clock.t = time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)
		f.importFeed(t, car(t, 3, "Volvo", "XC90", "El", 700000))
		f.matchAll(t)
		if n := sweep(); n != 0 {
			t.Fatalf("same-day sweep sent %d", n)
		}
		f.clock.t = time.Date(2026, 11, 24, 7, 0, 0, 0, time.UTC) // Tuesday 08:00
		if n := sweep(); n != 1 {
			t.Fatalf("Tuesday sweep sent %d, want 1 (the daily)", n)
		}
		if len(digests(t, db, "daily@example.se")) != 2 || len(digests(t, db, "weekly@example.se")) != 1 {
			t.Fatal("Tuesday: want 2 daily and 1 weekly digest")
		}
		f.clock.t = time.Date(2026, 11, 29, 20, 0, 0, 0, time.UTC) // Sunday
		if n := sweep(); n != 0 {
			t.Fatalf("Sunday sweep sent %d", n)
		}
		f.clock.t = time.Date(2026, 11, 30, 7, 0, 0, 0, time.UTC) // next Monday 08:00
		if n := sweep(); n != 1 {
			t.Fatalf("next week's sweep sent %d, want 1 (the weekly)", n)
		}
		w := digests(t, db, "weekly@example.se")
		if len(w) != 2 || !strings.Contains(w[1].Text, "Volvo XC90") || strings.Contains(w[1].Text, "V90 T\n") {
			t.Fatalf("weekly digests = %d; second:\n%s", len(w), w[len(w)-1].Text)
		}

		// A sold car is left out; an unsubscribed search gets nothing.
		tok := strings.TrimSuffix(strings.TrimPrefix(w[1].Headers["List-Unsubscribe"], "<https://forecourt.se/api/alerts/unsubscribe?token="), ">")
		tok, _ = url.QueryUnescape(tok)
		if _, err := f.svc.Unsubscribe(ctx, tok); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Unsubscribe(ctx, tok); err != nil {
			t.Fatalf("second unsubscribe: %v", err)
		}
		f.clock.t = time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
		f.importFeed(t, car(t, 4, "Volvo", "XC40", "El", 400000))
		f.matchAll(t)
		if n := sweep(); n != 1 {
			t.Fatalf("sweep after unsubscribe sent %d, want 1 (the daily)", n)
		}
		if len(digests(t, db, "weekly@example.se")) != 2 {
			t.Fatal("the unsubscribed weekly search got a digest")
		}
	})
}

// TestOptIn checks the double opt-in: one confirmation mail, no alerts
// before confirmation, confirming twice, a wrong-purpose token, the manage
// actions bound to the address and site, and the GDPR export and erasure.
func TestOptIn(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		ctx := context.Background()
		x := f.subscribe(t, "anna@example.se", "/bilar", "car_fuel=El&sort=car_price_asc", alerts.Daily)
		if x.Confirmed() || x.Query != "car_fuel=El&sort=car_price_asc" || x.Label != "El" {
			t.Fatalf("search = %+v", x)
		}
		again := f.subscribe(t, "anna@example.se", "/bilar", "sort=car_price_asc&car_fuel=El", alerts.Weekly)
		if again.ID != x.ID || again.Frequency != alerts.Weekly {
			t.Fatalf("the same search again = %+v; want the same id, frequency refreshed", again)
		}
		m := mails(t, db, "anna@example.se")
		if len(m) != 2 || m[0].Kind != "alert-confirm" || !strings.Contains(m[0].Text, "https://forecourt.se/bevakningar?confirm=") {
			t.Fatalf("confirmation mails = %+v", m)
		}
		// Unconfirmed: a new electric car gives no item.
		f.importFeed(t, car(t, 1, "Volvo", "EX30", "El", 400000))
		if n := f.matchAll(t); n != 0 {
			t.Fatalf("unconfirmed search matched %d", n)
		}
		u, _ := url.Parse(strings.Fields(m[0].Text[strings.Index(m[0].Text, "https://forecourt.se/bevakningar?confirm="):])[0])
		tok := u.Query().Get("confirm")
		if _, _, err := f.svc.Confirm(ctx, "group-se", linktokentest.Sign(t, f.svc.Tokens, alerts.PurposeUnsubscribe, x.ID, f.clock.t.Add(time.Hour))); err == nil {
			t.Fatal("an unsubscribe token confirmed")
		}
		if _, _, err := f.svc.Confirm(ctx, "group-uk", tok); err == nil {
			t.Fatal("a group-se search was confirmed on group-uk")
		}
		c1, manage, err := f.svc.Confirm(ctx, "group-se", tok)
		if err != nil || !c1.Confirmed() {
			t.Fatalf("confirm = %+v, %v", c1, err)
		}
		f.clock.t = f.clock.t.Add(time.Hour)
		c2, _, err := f.svc.Confirm(ctx, "group-se", tok)
		if err != nil || !c2.ConfirmedAt.Equal(c1.ConfirmedAt) {
			t.Fatalf("second confirm = %+v, %v; want the first time kept", c2, err)
		}
		f.clock.t = f.clock.t.Add(8 * 24 * time.Hour)
		if _, _, err := f.svc.Confirm(ctx, "group-se", tok); err == nil {
			t.Fatal("an expired confirm token worked")
		}
		f.clock.t = f.clock.t.Add(-8 * 24 * time.Hour)

		// Manage: list, change frequency, refuse another address's search.
		other := f.subscribe(t, "bo@example.se", "/bilar", "", alerts.Daily)
		got, err := f.svc.Manage(ctx, "group-se", manage, alerts.ActionFrequency, x.ID, alerts.Weekly)
		if err != nil || len(got.Searches) != 1 || got.Searches[0].Frequency != alerts.Weekly || got.Email != "anna@example.se" {
			t.Fatalf("manage frequency = %+v, %v", got, err)
		}
		if _, err := f.svc.Manage(ctx, "group-se", manage, alerts.ActionDelete, other.ID, ""); !errs.Is(err, errs.NotFound) {
			t.Fatalf("deleting another address's search: %v", err)
		}
		if _, err := f.svc.Manage(ctx, "group-uk", manage, alerts.ActionList, "", ""); err == nil {
			t.Fatal("a group-se manage token worked on group-uk")
		}

		// GDPR: export names the search; erase removes it and its mails.
		ex, err := f.svc.ExportEmail(ctx, "ANNA@example.se")
		if err != nil || len(ex) != 1 || ex[0].Query != x.Query || ex[0].Site != "group-se" {
			t.Fatalf("export = %+v, %v", ex, err)
		}
		n, err := f.svc.EraseEmail(ctx, "anna@example.se")
		if err != nil || n != 1 {
			t.Fatalf("erase = %d, %v", n, err)
		}
		if m := mails(t, db, "anna@example.se"); len(m) != 0 {
			t.Fatalf("mails left after erase: %d", len(m))
		}
		if _, err := f.svc.Get(ctx, x.ID); !errs.Is(err, errs.NotFound) {
			t.Fatalf("search after erase: %v", err)
		}
		if _, err := f.svc.Get(ctx, other.ID); err != nil {
			t.Fatalf("another address's search was erased: %v", err)
		}
	})
}

func TestFormatPrice(t *testing.T) {
	for _, c := range []struct {
		v              float64
		currency, lang string
		want           string
	}{
		{389900, "SEK", "sv", "389\u00a0900\u00a0kr"},
		{389900, "DKK", "da", "389.900\u00a0kr."},
		{38990, "GBP", "en", "£38,990"},
		{38990, "EUR", "fi", "38\u00a0990\u00a0€"},
		{990, "EUR", "en", "€990"},
	} {
		if got := alerts.FormatPrice(c.v, c.currency, c.lang); got != c.want {
			t.Errorf("FormatPrice(%v, %s, %s) = %q, want %q", c.v, c.currency, c.lang, got, c.want)
		}
	}
}
