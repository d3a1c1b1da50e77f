package bookingapi

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"forecourt/internal/booking"
	"forecourt/internal/booking/bookingsms"
	"forecourt/internal/errs"
	"forecourt/internal/httpguard"
	"forecourt/internal/mail"
	"forecourt/internal/phone"
	"forecourt/internal/vehicles"
)

// BookRequest is the body of POST /api/mechmate/book.
type BookRequest struct {
	Customer struct {
		FirstName string `json:"firstName"`
		LastName  string `json:"lastName"`
		Phone     string `json:"phone"`
		Email     string `json:"email"`
	} `json:"customer"`
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

// parsed is a validated booking request.
type parsed struct {
	req      booking.Request
	workshop *booking.Workshop
	vehicle  vehicles.Vehicle
	codes    []string
	remind   bool
}

// parseBook turns the body into a booking request, collecting every field
// problem. Order of the checks matters for the answer's code: plate
// (InvalidReg, VehicleNotFound), department (UnknownDepartment), services
// (UnknownService), then fields (InvalidInput).
func (a *API) parseBook(ctx context.Context, body []byte, key string) (parsed, error) {
	var in BookRequest
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&in); err != nil {
		return parsed{}, errInvalid("body", "ogiltig JSON")
	}
	if dec.More() {
		return parsed{}, errInvalid("body", "ogiltig JSON")
	}
	v, err := a.lookup(ctx, in.RegistrationNumber)
	if err != nil {
		return parsed{}, err
	}
	ws, err := a.Engine.Workshop(strings.TrimSpace(in.DepartmentID))
	if err != nil {
		return parsed{}, err
	}
	if len(in.ServiceOfferingRequests) > MaxServices {
		return parsed{}, errInvalid("serviceOfferingRequests", "högst 10 tjänster")
	}
	for _, o := range in.ServiceOfferingRequests {
		if known, _ := booking.KnownOffering(o.KobraID); !known {
			return parsed{}, errUnknownService(o.KobraID)
		}
	}
	f := errs.FieldErrors{}
	if !vehicles.IsSupported(v.Brand) {
		f.Add("registrationNumber", "Vi kan inte erbjuda service för bilar av märket "+v.Brand+".")
	}
	c := in.Customer
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
	if e164, err := phone.Normalize(c.Phone, ws.Country); err != nil {
		f.Add("customer.phone", "Ange ett giltigt telefonnummer")
	} else {
		c.Phone = e164
	}
	if len(c.Email) > 254 || !emailPattern.MatchString(c.Email) || !mail.ValidAddress(c.Email) {
		f.Add("customer.email", "Ange en giltig e-postadress")
	}
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
	var start time.Time
	ts := strings.TrimSpace(in.TimeSlot)
	for _, l := range timeSlotLayouts {
		if t, err := time.ParseInLocation(l, ts, ws.Zone); err == nil {
			start = t
			break
		}
	}
	if start.IsZero() {
		f.Add("timeSlot", "Välj en tid")
	} else if a.lastBookable(ws).Before(booking.DateOf(start)) {
		// The same horizon as the calendar offers: no bookings years ahead.
		f.Add("timeSlot", "Välj en tid inom de kommande "+itoa(HorizonWeeks)+" veckorna")
	}
	if len(in.ServiceOfferingRequests) == 0 {
		f.Add("serviceOfferingRequests", "Välj minst en tjänst")
	}
	var items []booking.Item
	var codes []string
	var units []int
	seen := map[string]bool{}
	for i, o := range in.ServiceOfferingRequests {
		field := "serviceOfferingRequests[" + itoa(i) + "]"
		if seen[o.KobraID] {
			f.Add(field, "tjänsten finns redan i bokningen")
			continue
		}
		seen[o.KobraID] = true
		lo, hi := booking.UnitRange(o.KobraID)
		u := o.UnitsSelected
		if u == 0 {
			u = lo
		}
		if u < lo || u > hi {
			f.Add(field+".unitsSelected", "antal "+itoa(lo)+"–"+itoa(hi))
		}
		input := strings.TrimSpace(o.UserInput)
		if booking.AllowsUserInput(o.KobraID) {
			if input == "" {
				f.Add(field+".userInput", "Ange meddelande")
			}
			if utf8.RuneCountInString(input) > 80 {
				f.Add(field+".userInput", "Högst 80 tecken")
			}
		} else {
			input = ""
		}
		name := booking.OfferingName(o.KobraID)
		if !booking.Available(o.KobraID, v, a.authorisedAnywhere(v.Brand)) {
			f.Add(field, name+" är inte tillgänglig för denna bilmodell")
		}
		price, _ := booking.PriceOf(o.KobraID, v, mileage, ws)
		items = append(items, booking.Item{Code: o.KobraID, Name: name, Units: u, UserInput: input,
			Price: price.Price, PriceKnown: price.PriceKnown, Discount: price.PriceDiscount})
		codes = append(codes, o.KobraID)
		units = append(units, u)
	}
	if len(f) == 0 && !booking.CanDo(ws, v, codes) {
		f.Add("departmentId", "verkstaden kan inte utföra alla valda tjänster på bilen")
	}
	if err := f.Err("Kontrollera bokningen"); err != nil {
		return parsed{}, err
	}
	return parsed{
		req: booking.Request{
			Flow: booking.FlowService, DepartmentID: ws.DepartmentID, Start: start, FullDay: in.IsFullDay,
			Minutes: booking.JobMinutes(codes, units), IdempotencyKey: key,
			Customer: booking.Customer{FirstName: c.FirstName, LastName: c.LastName, Phone: c.Phone, Email: c.Email},
			Reg:      v.Reg, Mileage: mileage, Items: items, FreeText: strings.TrimSpace(in.FreeText),
		},
		workshop: ws, vehicle: v, codes: codes, remind: in.Reminder,
	}, nil
}

// authorisedAnywhere reports whether any workshop is authorised for brand.
func (a *API) authorisedAnywhere(brand string) bool {
	for _, w := range a.Engine.Directory().All("") {
		if w.HasBrand(brand) {
			return true
		}
	}
	return false
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

// ServiceHorizonDays is how far ahead the service booking books (its
// calendar's 12 weeks); a change of time stays inside it too.
const ServiceHorizonDays = 12 * 7

// ServiceFlow is the booking page's flow of the service booking: moves
// within ServiceHorizonDays, the change and cancellation mails with their
// calendar files, the text messages, and the reminders' cancellation.
func (a *API) ServiceFlow() *Flow {
	return &Flow{
		Name: VisitName,
		Window: func(w *booking.Workshop) (booking.Date, booking.Date) {
			today := booking.DateOf(a.Engine.Now().In(w.Zone))
			return today, today.AddDays(ServiceHorizonDays - 1)
		},
		MovedTx: func(ctx context.Context, tx *sql.Tx, old, moved booking.Booking, c Change) error {
			w, err := a.Engine.Workshop(moved.DepartmentID)
			if err != nil {
				return err
			}
			link, err := c.ManageURL(moved)
			if err != nil {
				return err
			}
			msgs, err := ChangeMails(old, moved, w, VisitName, link)
			if err != nil {
				return err
			}
			if err := QueueAll(ctx, a.Engine, tx, msgs); err != nil {
				return err
			}
			if a.SMS != nil {
				return a.SMS(ctx, tx, moved, bookingsms.KindMoved, moved.Customer.Phone, w.Country, c.Lang)
			}
			return nil
		},
		CancelledTx: func(ctx context.Context, tx *sql.Tx, b booking.Booking, c Change) error {
			w, err := a.Engine.Workshop(b.DepartmentID)
			if err != nil {
				return err
			}
			msgs, err := CancellationMails(b, w, VisitName, c.Origin+"/boka-service")
			if err != nil {
				return err
			}
			if err := QueueAll(ctx, a.Engine, tx, msgs); err != nil {
				return err
			}
			if a.CancelReminders != nil {
				return a.CancelReminders(ctx, tx, b.ID)
			}
			return nil
		},
	}
}

// handleBook serves "POST /api/mechmate/book": one booking in one
// transaction with its confirmation mails; the same Idempotency-Key
// answers the first booking again.
func (a *API) handleBook(w http.ResponseWriter, r *http.Request) error {
	limit, window := a.BookLimit, a.BookWindow
	if limit == 0 {
		limit = 20
	}
	if window == 0 {
		window = 10 * time.Minute
	}
	if err := a.allow(r, "booking:book:ip:"+httpguard.ClientAddr(r), limit, window); err != nil {
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
	p.req.InTx = func(ctx context.Context, tx *sql.Tx, b booking.Booking) error {
		link, err := c.ManageURL(b)
		if err != nil {
			return err
		}
		msgs, err := ConfirmationMails(b, p.workshop, p.vehicle, link)
		if err != nil {
			return err
		}
		if err := QueueAll(ctx, a.Engine, tx, msgs); err != nil {
			return err
		}
		if a.SMS != nil {
			if err := a.SMS(ctx, tx, b, bookingsms.KindConfirm, b.Customer.Phone, p.workshop.Country, c.Lang); err != nil {
				return err
			}
		}
		if p.remind && a.Remind != nil {
			return a.Remind(ctx, tx, b, c.Origin)
		}
		return nil
	}
	b, err := a.Engine.Book(r.Context(), p.req)
	if err != nil {
		return err
	}
	if !b.Replayed && a.Kick != nil {
		a.Kick()
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

// cancel cancels booking id with its cancel token (freeing the capacity)
// and queues its flow's cancellation mails and messages in the same
// transaction; both cancel calls (the mail's link and the booking page)
// go through it. Cancelling twice answers the same booking.
func (a *API) cancel(r *http.Request, id, token string) (booking.Booking, error) {
	c := a.change(r)
	queued := false
	b, err := a.Engine.CancelWith(r.Context(), id, token, func(ctx context.Context, tx *sql.Tx, b booking.Booking) error {
		f, err := a.flowOf(b)
		if err != nil {
			return err
		}
		queued = true
		if f.CancelledTx == nil {
			return nil
		}
		return f.CancelledTx(ctx, tx, b, c)
	})
	if err != nil {
		return booking.Booking{}, err
	}
	if queued && a.Kick != nil {
		a.Kick()
	}
	return b, nil
}

// handlePlaces serves "GET /api/places?q=gote[&limit=8]".
func (a *API) handlePlaces(w http.ResponseWriter, r *http.Request) error {
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	if n := utf8.RuneCountInString(q); n < 1 || n > 64 {
		return errInvalid("q", "1–64 tecken")
	}
	limit := 8
	if s := r.URL.Query().Get("limit"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > 20 {
			return errInvalid("limit", "limit är 1–20")
		}
		limit = n
	}
	return writeJSON(w, map[string]any{"places": a.Places.Search(q, limit)})
}

// handleNearest serves "GET /api/places/nearest?lat=&lng=".
func (a *API) handleNearest(w http.ResponseWriter, r *http.Request) error {
	lat, lng, ok := coords(r.URL.Query(), "lat", "lng")
	if !ok {
		return errInvalid("lat", "ogiltig position")
	}
	p, err := a.Places.Nearest(lat, lng)
	if err != nil {
		return errInvalid("lat", "positionen ligger utanför Sverige")
	}
	return writeJSON(w, map[string]any{"place": p})
}
