package tirehotel

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
)

type apiEnv struct {
	*env
	srv *httptest.Server
}

func mustAPI(t *testing.T, db *store.DB) *apiEnv {
	t.Helper()
	e := mustEnv(t, db)
	api := &API{Auth: e.auth, Wheel: e.wheel(t), DevSMS: true}
	mux := http.NewServeMux()
	for _, r := range api.Routes() {
		h := r.Handler
		mux.HandleFunc(r.Pattern, func(w http.ResponseWriter, r *http.Request) { h(w, r) })
	}
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return &apiEnv{env: e, srv: srv}
}

func (a *apiEnv) client() *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar}
}

// do sends a request and decodes a JSON answer into out (when not nil).
func (a *apiEnv) do(t *testing.T, c *http.Client, method, path, body string, out any, hdr ...string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest(method, a.srv.URL+path, strings.NewReader(body))
	if method == "POST" {
		// What the portal's own pages send (the guard refuses anything else).
		req.Header.Set("Origin", a.srv.URL)
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("%s %s: %d %s: %v", method, path, res.StatusCode, b, err)
		}
	}
	return res
}

type apiErr struct {
	Message string            `json:"message"`
	Code    string            `json:"code"`
	Fields  map[string]string `json:"fields"`
}

// signIn runs search, login and validate for plate and returns the client
// holding the session cookie.
func (a *apiEnv) signIn(t *testing.T, plate, phone string) *http.Client {
	t.Helper()
	c := a.client()
	var cust Customer
	if res := a.do(t, c, "GET", "/api/tirehotel/authorization/search?regNo="+plate, "", &cust); res.StatusCode != 200 {
		t.Fatalf("search: %d", res.StatusCode)
	}
	var cred struct{ AuthorizationToken string }
	if res := a.do(t, c, "POST", "/api/tirehotel/authorization/login?encryptedPhoneNumber="+url.QueryEscape(cust.EncryptedPhoneNumber), "", &cred); res.StatusCode != 200 {
		t.Fatalf("login: %d", res.StatusCode)
	}
	var v Validated
	res := a.do(t, c, "POST", "/api/tirehotel/authorization/validate?authToken="+url.QueryEscape(cred.AuthorizationToken)+"&otpToken="+a.lastCode(t, phone), "", &v)
	if res.StatusCode != 200 || v.Status != 0 || len(v.Vehicles) == 0 {
		t.Fatalf("validate: %d %+v", res.StatusCode, v)
	}
	return c
}

func TestHTTPLogin(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a := mustAPI(t, db)
		c := a.client()
		var e apiErr
		if res := a.do(t, c, "GET", "/api/tirehotel/authorization/search?regNo=NOP999", "", &e); res.StatusCode != 404 ||
			e.Code != "NotFound" || e.Message != "Vi hittar inget däckhotellsavtal för detta registreringsnummer." {
			t.Errorf("unknown plate: %d %+v", res.StatusCode, e)
		}
		if res := a.do(t, c, "GET", "/api/tirehotel/authorization/search?regNo=A%27%3B--", "", &e); res.StatusCode != 400 || e.Code != "InvalidInput" {
			t.Errorf("malformed plate: %d %+v", res.StatusCode, e)
		}
		var cust Customer
		res := a.do(t, c, "GET", "/api/tirehotel/authorization/search?regNo=abc123", "", &cust)
		if res.StatusCode != 200 || cust.RegNo != "ABC123" || cust.ObfuscatedPhoneNumber != "070-*** ** 05" || res.Header.Get("Cache-Control") != "no-store" {
			t.Fatalf("search: %d %+v", res.StatusCode, cust)
		}
		var cred struct{ AuthorizationToken string }
		a.do(t, c, "POST", "/api/tirehotel/authorization/login?encryptedPhoneNumber="+url.QueryEscape(cust.EncryptedPhoneNumber), "", &cred)
		if cred.AuthorizationToken == "" {
			t.Fatal("no authorization token")
		}
		code := a.lastCode(t, "+46701740605")
		validate := "/api/tirehotel/authorization/validate?authToken=" + url.QueryEscape(cred.AuthorizationToken) + "&otpToken="
		for i := 1; i <= 5; i++ {
			res := a.do(t, c, "POST", validate+wrongCode(code), "", &e)
			if i < 5 && (res.StatusCode != 400 || !strings.HasPrefix(e.Message, "Fel kod. Du har")) {
				t.Errorf("wrong code %d: %d %+v", i, res.StatusCode, e)
			}
			if i == 5 && (res.StatusCode != 423 || e.Code != "Locked" || e.Message != "För många felaktiga försök. Begär en ny kod.") {
				t.Errorf("fifth wrong code: %d %+v", res.StatusCode, e)
			}
		}
		// Sessions: cookie attributes, session, logout, replay.
		a.do(t, c, "POST", "/api/tirehotel/authorization/login?encryptedPhoneNumber="+url.QueryEscape(cust.EncryptedPhoneNumber), "", &cred)
		req, _ := http.NewRequest("POST", a.srv.URL+"/api/tirehotel/authorization/validate?authToken="+url.QueryEscape(cred.AuthorizationToken)+"&otpToken="+a.lastCode(t, "+46701740605"), nil)
		req.Header.Set("X-Forwarded-Proto", "https")
		req.Header.Set("Origin", a.srv.URL)
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		ck := res.Header.Get("Set-Cookie")
		for _, want := range []string{CookieName + "=", "Path=/api/tirehotel", "Max-Age=7200", "HttpOnly", "Secure", "SameSite=Lax"} {
			if !strings.Contains(ck, want) {
				t.Errorf("cookie %q lacks %q", ck, want)
			}
		}
		token := strings.TrimPrefix(strings.Split(ck, ";")[0], CookieName+"=")
		withCookie := func(method, path string) (*http.Response, sessionAnswer) {
			req, _ := http.NewRequest(method, a.srv.URL+path, nil)
			req.AddCookie(&http.Cookie{Name: CookieName, Value: token})
			if method == "POST" {
				req.Header.Set("Origin", a.srv.URL)
				req.Header.Set("Content-Type", "application/json")
			}
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			var ans sessionAnswer
			if res.StatusCode == 200 {
				_ = json.NewDecoder(res.Body).Decode(&ans)
			}
			return res, ans
		}
		if res, ans := withCookie("GET", "/api/tirehotel/session"); res.StatusCode != 200 || !ans.SignedIn || ans.Validated == nil || len(ans.Vehicles) == 0 {
			t.Errorf("session: %d %+v", res.StatusCode, ans)
		}
		if res, _ := withCookie("POST", "/api/tirehotel/logout"); res.StatusCode != 204 {
			t.Errorf("logout: %d", res.StatusCode)
		}
		// No session is a visitor's usual state, not an error: 200 signedIn
		// false (a 401 here was logged in the console on every visit).
		if res, ans := withCookie("GET", "/api/tirehotel/session"); res.StatusCode != 200 || ans.SignedIn || ans.Validated != nil {
			t.Errorf("replayed cookie after logout: %d %+v", res.StatusCode, ans)
		}
		var none map[string]any
		if res := a.do(t, a.client(), "GET", "/api/tirehotel/session", "", &none); res.StatusCode != 200 || len(none) != 1 || none["signedIn"] != false {
			t.Errorf("no cookie: %d %+v", res.StatusCode, none)
		}
		// Rate limits answer 429 with Retry-After.
		for i := 0; i < 40; i++ {
			res = a.do(t, c, "GET", "/api/tirehotel/authorization/search?regNo=ABC123", "", nil)
		}
		if res.StatusCode != 429 || res.Header.Get("Retry-After") == "" {
			t.Errorf("search flood: %d Retry-After %q", res.StatusCode, res.Header.Get("Retry-After"))
		}
	})
}

func TestHTTPAuthorization(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a := mustAPI(t, db)
		anna := a.signIn(t, "ABC123", "+46701740605")
		erik := a.signIn(t, "XYZ789", "+46701740606")
		days := `{"startDate":"2026-11-30","endDate":"2026-12-04","regNo":"ABC123"}`
		var e apiErr
		var d struct {
			AvailableDates []AvailableDate `json:"availableDates"`
		}
		if res := a.do(t, anna, "POST", "/api/tirehotel/booking/GetTimeslotDays?workshopIdentifier=D-1001", days, &d); res.StatusCode != 200 || len(d.AvailableDates) != 5 {
			t.Errorf("days: %d %+v", res.StatusCode, d)
		}
		cases := []struct {
			name   string
			c      *http.Client
			path   string
			body   string
			status int
		}{
			{"no session", a.client(), "/api/tirehotel/booking/GetTimeslotDays?workshopIdentifier=D-1001", days, 401},
			{"another customer's car", erik, "/api/tirehotel/booking/GetTimeslotDays?workshopIdentifier=D-1001", days, 403},
			{"another workshop", anna, "/api/tirehotel/booking/GetTimeslotDays?workshopIdentifier=D-1002", days, 400},
			{"malformed JSON", anna, "/api/tirehotel/booking/GetTimeslotDays?workshopIdentifier=D-1001", `{"startDate":`, 400},
			{"unknown field", anna, "/api/tirehotel/booking/GetTimeslotDays?workshopIdentifier=D-1001", `{"startDate":"2026-11-30","endDate":"2026-12-04","regNo":"ABC123","x":1}`, 400},
			{"two objects", anna, "/api/tirehotel/booking/GetTimeslotDays?workshopIdentifier=D-1001", days + days, 400},
			{"too large", anna, "/api/tirehotel/booking/GetTimeslotDays?workshopIdentifier=D-1001", `{"startDate":"` + strings.Repeat("x", 9000) + `"}`, 413},
			{"slots of another car", erik, "/api/tirehotel/booking/GetTimeslots?workshopIdentifier=D-1001", `{"startDate":"2026-11-30","endDate":"2026-11-30","regNo":"ABC123"}`, 403},
		}
		for _, c := range cases {
			if res := a.do(t, c.c, "POST", c.path, c.body, &e); res.StatusCode != c.status {
				t.Errorf("%s: %d %+v, want %d", c.name, res.StatusCode, e, c.status)
			}
		}
		// Book, then the same slot again (409), then review; Erik cannot review Anna's booking.
		body := `{"bookingDate":"2026-11-30T09:00:00","bookingStart":"2026-11-30T09:00:00","regNo":"ABC123","freeText":"",
			"customer":{"firstName":"Anna","lastName":"Lindqvist","email":"anna@example.com","phoneMobile":"0701740605"}}`
		var conf Confirmation
		if res := a.do(t, anna, "POST", "/api/tirehotel/booking/create?departmentIdentifier=D-1001", body, &conf, "Idempotency-Key", "k1"); res.StatusCode != 200 || conf.AppointmentTime != "2026-11-30T09:00:00" {
			t.Fatalf("create: %d %+v", res.StatusCode, conf)
		}
		if res := a.do(t, anna, "POST", "/api/tirehotel/booking/create?departmentIdentifier=D-1001", body, &e, "Idempotency-Key", "k2"); res.StatusCode != 409 ||
			e.Message != "Tiden är inte tillgänglig, vänligen välj en annan tid" {
			t.Errorf("taken: %d %+v", res.StatusCode, e)
		}
		review := `{"rating":5,"comment":"Toppen","date":"2026-11-30T12:00:00.000Z","bookingConfirmationId":"` + conf.BookingConfirmationID + `"}`
		if res := a.do(t, erik, "POST", "/api/tirehotel/review/addReview", review, &e); res.StatusCode != 404 {
			t.Errorf("erik reviews anna's booking: %d", res.StatusCode)
		}
		if res := a.do(t, anna, "POST", "/api/tirehotel/review/addReview", review, nil); res.StatusCode != 204 {
			t.Errorf("review: %d", res.StatusCode)
		}
	})
}

func TestDevSMS(t *testing.T) {
	a := mustAPI(t, storetest.MustSQLite(t))
	a.login(t, "ABC123", "127.0.0.1")
	var msgs []DevSMS
	if res := a.do(t, a.client(), "GET", "/_dev/sms", "", &msgs); res.StatusCode != 200 || len(msgs) != 1 || msgs[0].To != "+46701740605" ||
		!strings.HasPrefix(msgs[0].Body, "Din kod till Däckhotellet är ") {
		t.Errorf("dev sms: %d %+v", res.StatusCode, msgs)
	}
	if res := a.do(t, a.client(), "GET", "/_dev/sms", "", nil, "X-Forwarded-For", "203.0.113.9"); res.StatusCode != 404 {
		t.Errorf("forwarded client: %d", res.StatusCode)
	}
	res, _ := http.Get(a.srv.URL + "/_dev/sms.html")
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(b), msgs[0].Body) {
		t.Errorf("dev sms page: %d %s", res.StatusCode, b)
	}
	// Without DevSMS (a gateway is configured) the routes do not exist.
	for _, r := range (&API{}).Routes() {
		if strings.HasPrefix(r.Pattern, "GET /_dev/") {
			t.Errorf("%s mounted with a gateway", r.Pattern)
		}
	}
}
