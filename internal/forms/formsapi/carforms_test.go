package formsapi_test

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"forecourt/internal/cardetail"
	"forecourt/internal/catalog"
	"forecourt/internal/demo/stock"
	"forecourt/internal/finance"
	"forecourt/internal/forms/formsapi"
	"forecourt/internal/forms/leads"
	"forecourt/internal/search"
	"forecourt/internal/site"
	"forecourt/internal/store/storetest"
)

// carFixture is the form server over a seeded catalogue of group-se and
// group-uk, with the car detail service resolving car forms' dealers.
func carFixture(t *testing.T) (*fixture, *cardetail.Service, *site.Registry) {
	t.Helper()
	db := storetest.MustSQLite(t)
	ctx := context.Background()
	cst := catalog.NewStore(db)
	if _, err := stock.Seed(ctx, cst, stock.SeedOptions{Scale: 0.05, Sites: []string{"group-se", "group-uk"}}); err != nil {
		t.Fatal(err)
	}
	sites, _ := site.New(site.All(), "group-se")
	engine := search.NewEngine()
	csvc := catalog.NewService(cst, nil)
	for _, n := range []string{"group-se", "group-uk"} {
		st, _ := sites.ByName(n)
		reg, _ := site.New([]*site.Site{st}, n)
		ix := &catalog.Indexer{Service: csvc, Engine: engine, Sites: reg, Log: quiet}
		if err := ix.BuildAll(ctx); err != nil {
			t.Fatal(err)
		}
	}
	cd := &cardetail.Service{Engine: engine, Catalog: cst, Log: quiet}
	f := newFixture(t, db, func(s *formsapi.Service) { s.Cars = cd; s.Now = nil })
	f.svc.Now = func() time.Time { return f.clock.t }
	f.clock.t = time.Now()
	return f, cd, sites
}

func firstCar(t *testing.T, cd *cardetail.Service, st *site.Site, filters map[string][]string) map[string]any {
	t.Helper()
	res, err := cd.Engine.Search(context.Background(), search.Query{Index: st.VehiclesIndex(), Filters: filters, Limit: 1})
	if err != nil || len(res.Content) == 0 {
		t.Fatalf("no car for %v: %v", filters, err)
	}
	return res.Content[0]
}

func idOf(car map[string]any) string {
	switch v := car["car_id"].(type) {
	case float64:
		return strconv.FormatInt(int64(v), 10)
	default:
		return fmt.Sprint(v)
	}
}

// TestCarFormRecipient: the car detail form's lead goes to the car's own
// dealer whatever toEmail the client sends; a sample car's lead goes to the
// site the visitor picked.
func TestCarFormRecipient(t *testing.T) {
	f, cd, sites := carFixture(t)
	se, _ := sites.ByName("group-se")
	post := func(car map[string]any, id string, values map[string]any) (int, string) {
		v := map[string]any{"car": idOf(car), "name": "Anna", "phone": "070 123 45 67", "email": "anna@example.se", "message": "",
			"quote": true, "testDrive": true, "source": "http://x/bilar/1/a"}
		for k, x := range values {
			v[k] = x
		}
		rec := f.do(t, req{path: "/api/forms/comhub", body: jsonBody(map[string]any{"formName": "carDetailContact", "formSubmissionId": id, "values": v, "ticket": f.ticket(t, "")})})
		return rec.Code, rec.Body.String()
	}
	car := firstCar(t, cd, se, map[string][]string{"car_is_sample": {"false"}})
	want, title, err := cd.LeadRecipient(context.Background(), se, mustInt(t, idOf(car)), "", "")
	if err != nil || want.Email == "" || title == "" {
		t.Fatalf("recipient %+v %q %v", want, title, err)
	}
	if code, body := post(car, "car-lead-00001", map[string]any{"toName": "Evil", "toEmail": "someone@elsewhere.example"}); code != http.StatusAccepted {
		t.Fatalf("%d %s", code, body)
	}
	ms := mails(t, f.db, leads.MailRef("car-lead-00001"))
	if len(ms) != 1 || ms[0].To != want.Email {
		t.Fatalf("mails %+v, want one to %s", ms, want.Email)
	}
	lead, _ := f.svc.Leads.BySubmission(context.Background(), "group-se", "car-lead-00001")
	if lead.Recipient != want.Email || strings.Contains(string(lead.Values), "elsewhere.example") {
		t.Errorf("stored %s for %s", lead.Values, lead.Recipient)
	}
	if code, body := post(map[string]any{"car_id": "999999999"}, "car-lead-00002", nil); code != 400 {
		t.Errorf("unknown car: %d %s", code, body)
	}
	sample := firstCar(t, cd, se, map[string][]string{"car_is_sample": {"true"}})
	sites2, _ := cd.SampleSites(context.Background(), se, fmt.Sprint(sample["car_brand"]))
	var pick cardetail.SellerSite
	for _, ss := range cardetail.SellerSites(sites2, fmt.Sprint(sample["car_brand"])) {
		if ss.ToEmail != "" {
			pick = ss
		}
	}
	if pick.ToEmail == "" {
		t.Skip("no seller site in the demo data")
	}
	if code, body := post(sample, "car-lead-00003", map[string]any{"siteId": pick.SiteID}); code != http.StatusAccepted {
		t.Fatalf("sample: %d %s", code, body)
	}
	if ms := mails(t, f.db, leads.MailRef("car-lead-00003")); len(ms) != 1 || ms[0].To != pick.ToEmail {
		t.Errorf("sample mails %+v, want one to %s", ms, pick.ToEmail)
	}
	if code, body := post(sample, "car-lead-00004", map[string]any{"siteId": "nope"}); code != 400 {
		t.Errorf("sample, foreign site: %d %s", code, body)
	}
}

func mustInt(t *testing.T, s string) int64 {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestFinanceForm: the UK finance forms go through the same pipeline and
// need a quote the engine made.
func TestFinanceForm(t *testing.T) {
	f, cd, sites := carFixture(t)
	uk, _ := sites.ByName("group-uk")
	host := "group-uk.localhost"
	car := firstCar(t, cd, uk, map[string][]string{"car_is_used": {"true"}})
	price, _ := car["car_price"].(float64)
	q := finance.Quote(finance.CFDRequest{VehicleRequests: []finance.VehicleRequest{{Id: "1",
		Vehicle:    finance.Vehicle{Make: "Ford", Model: "Puma", CashPrice: price, RegistrationDate: "2024-06-01", CurrentMileage: 10000},
		Parameters: finance.Parameters{Term: 36, CashDeposit: price / 10, AnnualMileage: 10000, FinanceProductFamilyKeys: []string{finance.FamilyPCP}},
	}}}, time.Now())
	if q.Vehicles[0].HasError {
		t.Fatalf("no quote: %+v", q.Vehicles[0].Error)
	}
	ref := q.Vehicles[0].FinanceQuotations[0].Finance.Quote.QuoteReference
	day := time.Now().In(uk.TimeZone).AddDate(0, 0, 1).Format(time.DateOnly)
	post := func(id, phone, quoteRef string) (int, string) {
		body := jsonBody(map[string]any{"formName": "finance-reserve", "formSubmissionId": id, "ticket": f.ticket(t, host), "values": map[string]any{
			"car": idOf(car), "name": "Alice", "phone": phone, "email": "alice@example.co.uk", "message": "", "source": "http://x/finance/reserve",
			"details": map[string]any{"quoteRef": quoteRef, "collectionDate": day}}})
		rec := f.do(t, req{path: "/api/forms/comhub", host: host, body: body})
		return rec.Code, rec.Body.String()
	}
	if code, body := post("fin-reserve-0001", "12345 678", ref); code != 400 {
		t.Errorf("bad phone: %d %s", code, body)
	}
	if code, body := post("fin-reserve-0001", "07700 900123", "FQAAAA"); code != 400 {
		t.Errorf("bad quote: %d %s", code, body)
	}
	if code, body := post("fin-reserve-0001", "07700 900123", ref); code != http.StatusAccepted {
		t.Fatalf("%d %s", code, body)
	}
	ms := mails(t, f.db, leads.MailRef("fin-reserve-0001"))
	if len(ms) != 1 || ms[0].Subject == "" {
		t.Fatalf("mails %+v", ms)
	}
}
