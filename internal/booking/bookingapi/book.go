package bookingapi

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"forecourt/internal/booking"
	"forecourt/internal/errs"
	"forecourt/internal/httpguard"
	"forecourt/internal/mail"
	"forecourt/internal/phone"
	"forecourt/internal/vehicles"
)

// BookRequest is the body of POST /api/mechmate/book.
type BookRequest struct {
	Customer                CustomerIn       `json:"customer"`
	FreeText                string           `json:"freeText"`
	DepartmentID            string           `json:"departmentId"`
	TimeSlot                string           `json:"timeSlot"`
	IsFullDay               bool             `json:"isFullDay"`
	RegistrationNumber      string           `json:"registrationNumber"`
	Mileage                 *int             `json:"mileage"`
	ServiceOfferingRequests []OfferingChoice `json:"serviceOfferingRequests"`
	// Reminder is the customer's opt-in to a 'service due' reminder;
	// absent means no.
	Reminder bool `json:"reminder"`
}

// CustomerIn is the customer of a booking's body.
type CustomerIn struct {
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Phone     string `json:"phone"`
	Email     string `json:"email"`
}

// parseCustomer checks and normalises the customer of a booking at a
// department in country (the phone number to E.164), adding every problem
// to f.
func parseCustomer(c CustomerIn, country string, f errs.FieldErrors) booking.Customer {
	c.FirstName, c.LastName, c.Phone, c.Email = strings.TrimSpace(c.FirstName), strings.TrimSpace(c.LastName), strings.TrimSpace(c.Phone), strings.TrimSpace(c.Email)
	// One-line fields refuse line breaks and control characters (the
	// forms' rule): they reach mail lines and the calendar file.
	for _, x := range []struct{ field, value string }{{"customer.firstName", c.FirstName}, {"customer.lastName", c.LastName}, {"customer.phone", c.Phone}, {"customer.email", c.Email}} {
		if !mail.IsOneLine(x.value) {
			f.Add(x.field, msgNotOneLine)
		}
	}
	if c.FirstName == "" || utf8.RuneCountInString(c.FirstName) > 60 {
		f.Add("customer.firstName", "Ange förnamn")
	}
	if c.LastName == "" || utf8.RuneCountInString(c.LastName) > 60 {
		f.Add("customer.lastName", "Ange efternamn")
	}
	if e164, err := phone.Normalize(c.Phone, country); err != nil {
		f.Add("customer.phone", "Ange ett giltigt telefonnummer")
	} else {
		c.Phone = e164
	}
	if len(c.Email) > 254 || !emailPattern.MatchString(c.Email) || !mail.ValidAddress(c.Email) {
		f.Add("customer.email", "Ange en giltig e-postadress")
	}
	return booking.Customer{FirstName: c.FirstName, LastName: c.LastName, Phone: c.Phone, Email: c.Email}
}

// parseTimeSlot reads a booking's local start in loc, in one of the
// timeSlotLayouts; false when it is none of them.
func parseTimeSlot(s string, loc *time.Location) (time.Time, bool) {
	s = strings.TrimSpace(s)
	for _, l := range timeSlotLayouts {
		if t, err := time.ParseInLocation(l, s, loc); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// OfferingChoice is one chosen offering.
type OfferingChoice struct {
	KobraID       string `json:"kobraId"`
	UnitsSelected int    `json:"unitsSelected"`
	UserInput     string `json:"userInput"`
}

// BookAnswer is the answer of a booking (and of its replays).
type BookAnswer struct {
	ID                 string   `json:"id"`
	RegistrationNumber string   `json:"registrationNumber"`
	KobraProductIDs    []string `json:"kobraProductIds"`
	CancelURL          string   `json:"cancelUrl"`
	// ManageURL is the booking's page (change the time, cancel) and
	// CalendarURL its calendar file, both with a link token.
	ManageURL   string `json:"manageUrl"`
	CalendarURL string `json:"calendarUrl"`
}

var (
	emailPattern = regexp.MustCompile(`^[^\s@]+@[^\s@]+\.[^\s@]{2,}$`)
	keyPattern   = regexp.MustCompile(`^[A-Za-z0-9._:-]{8,128}$`)
)

// msgNotOneLine is the message of a one-line field with a line break or a
// control character.
const msgNotOneLine = "Får inte innehålla radbrytningar eller styrtecken"

// timeSlotLayouts are the accepted local time forms (spec: YYYY-MM-DDTHH:mm:ss.00).
var timeSlotLayouts = []string{"2006-01-02T15:04:05.00", "2006-01-02T15:04:05", "2006-01-02T15:04:05.000", "2006-01-02T15:04"}

// parseBook turns the body into a service order, collecting every field
// problem (the offerings' rules are booking.Service.ServiceItems). Order of the checks matters for the answer's code: plate
// (InvalidReg, VehicleNotFound), department (UnknownDepartment), services
// (UnknownService), then fields (InvalidInput).
func (a *API) parseBook(ctx context.Context, body []byte, key string) (booking.ServiceOrder, error) {
	var in BookRequest
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&in); err != nil {
		return booking.ServiceOrder{}, errInvalid("body", "ogiltig JSON")
	}
	if dec.More() {
		return booking.ServiceOrder{}, errInvalid("body", "ogiltig JSON")
	}
	v, err := a.lookup(ctx, in.RegistrationNumber)
	if err != nil {
		return booking.ServiceOrder{}, err
	}
	ws, err := a.workshop(strings.TrimSpace(in.DepartmentID))
	if err != nil {
		return booking.ServiceOrder{}, err
	}
	if len(in.ServiceOfferingRequests) > MaxServices {
		return booking.ServiceOrder{}, errInvalid("serviceOfferingRequests", "högst 10 tjänster")
	}
	for _, o := range in.ServiceOfferingRequests {
		if known, _ := booking.KnownOffering(o.KobraID); !known {
			return booking.ServiceOrder{}, errUnknownService(o.KobraID)
		}
	}
	f := errs.FieldErrors{}
	if !vehicles.IsSupported(v.Brand) {
		f.Add("registrationNumber", "Vi kan inte erbjuda service för bilar av märket "+v.Brand+".")
	}
	customer := parseCustomer(in.Customer, ws.Country, f)
	if utf8.RuneCountInString(in.FreeText) > 80 {
		f.Add("freeText", "Högst 80 tecken")
	}
	mileage := 1
	if in.Mileage != nil {
		mileage = *in.Mileage
		if mileage == 0 {
			mileage = 1 // the spec: defaults to 1 when empty
		}
	}
	if mileage < 1 || mileage > MaxMileage {
		f.Add("mileage", "Ange miltal")
	}
	if key != "" && !keyPattern.MatchString(key) {
		f.Add("Idempotency-Key", "ogiltig nyckel")
	}
	start, ok := parseTimeSlot(in.TimeSlot, ws.Zone)
	if !ok {
		f.Add("timeSlot", "Välj en tid")
	} else if a.Bookings.LastBookable(ws).Before(booking.DateOf(start)) {
		// The same horizon as the calendar offers: no bookings years ahead.
		f.Add("timeSlot", "Välj en tid inom de kommande "+itoa(HorizonWeeks)+" veckorna")
	}
	if len(in.ServiceOfferingRequests) == 0 {
		f.Add("serviceOfferingRequests", "Välj minst en tjänst")
	}
	choices := make([]booking.Choice, len(in.ServiceOfferingRequests))
	for i, o := range in.ServiceOfferingRequests {
		choices[i] = booking.Choice{Code: o.KobraID, Units: o.UnitsSelected, UserInput: o.UserInput}
	}
	items, minutes := a.Bookings.ServiceItems(ws, v, mileage, choices, f)
	if err := f.Err("Kontrollera bokningen"); err != nil {
		return booking.ServiceOrder{}, err
	}
	return booking.ServiceOrder{
		Request: booking.Request{
			Flow: booking.FlowService, DepartmentID: ws.DepartmentID, Start: start, FullDay: in.IsFullDay,
			Minutes: minutes, IdempotencyKey: key,
			Customer: customer,
			Reg:      v.Reg, Car: booking.Car{Brand: v.Brand, Model: v.Model, Year: v.BuildYear}, Mileage: mileage, Items: items,
			FreeText: strings.TrimSpace(in.FreeText),
		},
		Vehicle: v, Remind: in.Reminder,
	}, nil
}

func itoa(n int) string { return strconv.Itoa(n) }

// origin is the public origin for links in mails: the site's base URL
// under the server's one policy (PUBLIC_URLS, PUBLIC_URL, the site's own
// hosts; never a Host header a client chose).
func (a *API) origin(r *http.Request) string { return httpguard.BaseURL(r) }

// CancelPath is the cancel page of a booking.
func CancelPath(b booking.Booking) string {
	return "/boka-service/avboka?id=" + url.QueryEscape(b.ID) + "&token=" + url.QueryEscape(b.CancelToken)
}

func (a *API) answerOf(b booking.Booking) (BookAnswer, error) {
	ids := make([]string, len(b.Items))
	for i, it := range b.Items {
		ids[i] = it.Code
	}
	tok, err := a.Links.Token(b)
	if err != nil {
		return BookAnswer{}, err
	}
	q := url.QueryEscape(tok)
	return BookAnswer{ID: b.ID, RegistrationNumber: b.Reg, KobraProductIDs: ids, CancelURL: CancelPath(b),
		ManageURL: booking.ManagePath + "?token=" + q, CalendarURL: "/api/bookings/manage/calendar?token=" + q}, nil
}

// allowBook counts a booking call of the flow against the client
// address's limit: BookLimit per BookWindow (20 per 10 minutes unless set).
func (a *API) allowBook(r *http.Request, flow string) error {
	limit, window := a.BookLimit, a.BookWindow
	if limit == 0 {
		limit = 20
	}
	if window == 0 {
		window = 10 * time.Minute
	}
	return a.allow(r, flow+":book:ip:"+httpguard.ClientAddr(r), limit, window)
}

// handleBook serves "POST /api/mechmate/book": one booking in one
// transaction with its confirmation mails; the same Idempotency-Key
// answers the first booking again.
func (a *API) handleBook(w http.ResponseWriter, r *http.Request) error {
	if err := a.allowBook(r, "booking"); err != nil {
		return err
	}
	body, err := readBody(w, r, MaxBody)
	if err != nil {
		return err
	}
	p, err := a.parseBook(r.Context(), body, strings.TrimSpace(r.Header.Get("Idempotency-Key")))
	if err != nil {
		return err
	}
	c := a.change(r)
	p.Origin, p.Lang = c.Origin, c.Lang
	b, err := a.Bookings.BookService(r.Context(), p)
	if err != nil {
		return err
	}
	ans, err := a.answerOf(b)
	if err != nil {
		return err
	}
	return writeJSON(w, ans)
}

// BookingView is the answer of the booking lookup and cancel calls.
type BookingView struct {
	ID                 string        `json:"id"`
	Status             string        `json:"status"`
	RegistrationNumber string        `json:"registrationNumber"`
	TimeSlot           string        `json:"timeSlot"`
	IsFullDay          bool          `json:"isFullDay"`
	SiteName           string        `json:"siteName"`
	Address            string        `json:"address"`
	Latitude           float64       `json:"latitude"`
	Longitude          float64       `json:"longitude"`
	Services           []ServiceName `json:"services"`
	Customer           struct {
		FirstName string `json:"firstName"`
		LastName  string `json:"lastName"`
	} `json:"customer"`
}

// ServiceName is a booked service.
type ServiceName struct {
	Code string `json:"code"`
	Name string `json:"name"`
}

func (a *API) view(b booking.Booking) (BookingView, error) {
	ws, err := a.Engine.Workshop(b.DepartmentID)
	if err != nil {
		return BookingView{}, errs.Wrap(err, "workshop of booking %s", b.ID)
	}
	v := BookingView{ID: b.ID, Status: b.Status, RegistrationNumber: b.Reg, TimeSlot: b.Start.In(ws.Zone).Format(localLayout),
		IsFullDay: b.FullDay, SiteName: ws.SiteName, Address: ws.Address(), Latitude: ws.Latitude, Longitude: ws.Longitude,
		Services: []ServiceName{}}
	for _, it := range b.Items {
		v.Services = append(v.Services, ServiceName{Code: it.Code, Name: it.Name})
	}
	v.Customer.FirstName, v.Customer.LastName = b.Customer.FirstName, b.Customer.LastName
	return v, nil
}

func bookingID(r *http.Request) (string, string, error) {
	id, token := r.PathValue("id"), r.URL.Query().Get("token")
	if len(id) > 20 || len(token) > 100 || token == "" {
		return "", "", booking.ErrNotFound
	}
	return id, token, nil
}

// handleGetBooking serves "GET /api/mechmate/bookings/{id}?token=".
func (a *API) handleGetBooking(w http.ResponseWriter, r *http.Request) error {
	id, token, err := bookingID(r)
	if err != nil {
		return err
	}
	b, err := a.Engine.Get(r.Context(), id, token)
	if err != nil {
		return err
	}
	v, err := a.view(b)
	if err != nil {
		return err
	}
	return writeJSON(w, v)
}

// handleCancel serves "POST /api/mechmate/bookings/{id}/cancel?token=":
// cancels (freeing the capacity) and mails the cancellation to the
// customer and the workshop; cancelling twice answers the same.
func (a *API) handleCancel(w http.ResponseWriter, r *http.Request) error {
	id, token, err := bookingID(r)
	if err != nil {
		return err
	}
	if err := a.allow(r, "booking:cancel:ip:"+httpguard.ClientAddr(r), 30, 10*time.Minute); err != nil {
		return err
	}
	b, err := a.cancel(r, id, token)
	if err != nil {
		return err
	}
	v, err := a.view(b)
	if err != nil {
		return err
	}
	return writeJSON(w, v)
}

// cancel cancels booking id with its cancel token through the use case
// (its flow's mails, the reminders); both cancel calls (the mail's link and
// the booking page) go through it. Cancelling twice answers the same.
func (a *API) cancel(r *http.Request, id, token string) (booking.Booking, error) {
	return a.Bookings.Cancel(r.Context(), id, token, a.change(r))
}
