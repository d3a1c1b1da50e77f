package bookingapi

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/url"
	"time"

	"forecourt/internal/booking"
	"forecourt/internal/errs"
	"forecourt/internal/httpguard"
)

// The booking page's calls: a customer opens the link of a
// confirmation (booking.Links: signed, naming one booking, expiring after
// its time) and sees the booking, changes its time at the same workshop
// with the same services, cancels it or downloads its calendar file. Every
// flow (service booking, wheel change) uses them; what differs per flow
// (how far ahead it books, its mails and messages) is its Flow.

// Limits of the booking page's calls.
const (
	MaxManageBody = 2 << 10 // bytes of a call's JSON body
	MaxManageDays = 31      // days of one days call
)

// ManageView is the answer of the booking page's calls.
type ManageView struct {
	BookingView
	Flow        string `json:"flow"`
	ServiceName string `json:"serviceName,omitempty"`
	// Token is a fresh link token for the booking's current time.
	Token       string `json:"token"`
	CanChange   bool   `json:"canChange"`
	FirstDay    string `json:"firstDay,omitempty"`
	LastDay     string `json:"lastDay,omitempty"`
	Phone       string `json:"phone"`
	Email       string `json:"email"`
	CalendarURL string `json:"calendarUrl"`
}

type manageRequest struct {
	Token     string `json:"token"`
	From      string `json:"from,omitempty"`
	To        string `json:"to,omitempty"`
	TimeSlot  string `json:"timeSlot,omitempty"`
	IsFullDay bool   `json:"isFullDay,omitempty"`
}

// manageCall checks a booking page POST after the route's guard (JSON only,
// from a page of the site, httpguard.Mutation): the client's rate (429), a
// bounded body (413), then the link (400 tokenInvalid / tokenExpired).
func (a *API) manageCall(w http.ResponseWriter, r *http.Request, kind string, limit int) (manageRequest, string, string, error) {
	var in manageRequest
	if err := a.allow(r, "booking:manage:"+kind+":ip:"+httpguard.ClientAddr(r), limit, 10*time.Minute); err != nil {
		return in, "", "", err
	}
	body, err := readBody(w, r, MaxManageBody)
	if err != nil {
		return in, "", "", err
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil || dec.More() {
		return in, "", "", errInvalid("body", "ogiltig JSON")
	}
	id, cancelToken, err := a.Links.Check(in.Token)
	return in, id, cancelToken, err
}

// change is a customer's change made on the request's site: the public
// origin for the links in its mails and the site's language.
func (a *API) change(r *http.Request) booking.Change {
	lang := "sv"
	if st := httpguard.SiteOf(r); st != nil {
		lang = st.DefaultLanguage()
	}
	return booking.Change{Origin: a.origin(r), Lang: lang}
}

func (a *API) flowOf(b booking.Booking) (*booking.Flow, error) {
	return a.Bookings.FlowOf(b)
}

// manageView is the page's view of b with a fresh link.
func (a *API) manageView(b booking.Booking) (ManageView, error) {
	v, err := a.view(b)
	if err != nil {
		return ManageView{}, err
	}
	f, err := a.flowOf(b)
	if err != nil {
		return ManageView{}, err
	}
	ws, err := a.Engine.Workshop(b.DepartmentID)
	if err != nil {
		return ManageView{}, err
	}
	tok, err := a.Links.Token(b)
	if err != nil {
		return ManageView{}, err
	}
	m := ManageView{BookingView: v, Flow: b.Flow, ServiceName: f.Service, Token: tok, Phone: ws.Phone, Email: ws.Email,
		CalendarURL: "/api/bookings/manage/calendar?token=" + url.QueryEscape(tok)}
	if b.Status == booking.StatusBooked && b.Start.After(a.Engine.Now()) {
		first, last := f.Window(ws)
		if !last.Before(first) {
			m.CanChange, m.FirstDay, m.LastDay = true, first.String(), last.String()
		}
	}
	return m, nil
}

// handleManage serves "POST /api/bookings/manage" {token}: the booking.
func (a *API) handleManage(w http.ResponseWriter, r *http.Request) error {
	_, id, tok, err := a.manageCall(w, r, "read", 120)
	if err != nil {
		return err
	}
	b, err := a.Engine.Get(r.Context(), id, tok)
	if err != nil {
		return err
	}
	v, err := a.manageView(b)
	if err != nil {
		return err
	}
	return writeJSON(w, v)
}

// ManageDay is one day of the days call.
type ManageDay struct {
	Date    string   `json:"date"`
	Times   []string `json:"times"`
	FullDay bool     `json:"fullDay"`
	Closed  string   `json:"closed,omitempty"`
}

// handleManageDays serves "POST /api/bookings/manage/days" {token, from,
// to}: the free times the booking can move to, its own time counting as
// free, inside the flow's window, at most MaxManageDays days.
func (a *API) handleManageDays(w http.ResponseWriter, r *http.Request) error {
	in, id, tok, err := a.manageCall(w, r, "read", 120)
	if err != nil {
		return err
	}
	b, err := a.Engine.Get(r.Context(), id, tok)
	if err != nil {
		return err
	}
	m, err := a.manageView(b)
	if err != nil {
		return err
	}
	if b.Status != booking.StatusBooked {
		return booking.ErrCancelled
	}
	if !m.CanChange {
		return booking.ErrPassed
	}
	first, _ := booking.ParseDate(m.FirstDay)
	last, _ := booking.ParseDate(m.LastDay)
	f := errs.FieldErrors{}
	from, err1 := booking.ParseDate(in.From)
	to, err2 := booking.ParseDate(in.To)
	if err1 != nil {
		f.Add("from", "ett datum som ÅÅÅÅ-MM-DD")
	}
	if err2 != nil {
		f.Add("to", "ett datum som ÅÅÅÅ-MM-DD")
	}
	if len(f) == 0 && (to.Before(from) || from.AddDays(MaxManageDays-1).Before(to)) {
		f.Add("to", "1–31 dagar efter from")
	}
	if err := f.Err("Kontrollera datumen"); err != nil {
		return err
	}
	if from.Before(first) {
		from = first
	}
	if last.Before(to) {
		to = last
	}
	out := struct {
		Days []ManageDay `json:"days"`
	}{Days: []ManageDay{}}
	if !to.Before(from) {
		ws, err := a.Engine.Workshop(b.DepartmentID)
		if err != nil {
			return err
		}
		days, err := a.Engine.DaysFor(r.Context(), b.ID, from, to)
		if err != nil {
			return err
		}
		for _, d := range days {
			out.Days = append(out.Days, ManageDay{Date: d.Date.String(), Times: d.Times(ws.Zone), FullDay: d.FullDay, Closed: d.Closed})
		}
	}
	return writeJSON(w, out)
}

// handleManageMove serves "POST /api/bookings/manage/move" {token,
// timeSlot, isFullDay}: one engine transaction frees the old time and
// takes the new one, and queues the flow's mails (an updated calendar file,
// same UID, higher SEQUENCE) and messages.
func (a *API) handleManageMove(w http.ResponseWriter, r *http.Request) error {
	in, id, tok, err := a.manageCall(w, r, "move", 10)
	if err != nil {
		return err
	}
	b, err := a.Engine.Get(r.Context(), id, tok)
	if err != nil {
		return err
	}
	ws, err := a.Engine.Workshop(b.DepartmentID)
	if err != nil {
		return err
	}
	start, ok := parseTimeSlot(in.TimeSlot, ws.Zone)
	if !ok {
		return errInvalid("timeSlot", "Välj en tid")
	}
	moved, err := a.Bookings.Move(r.Context(), booking.MoveRequest{ID: id, Token: tok, Start: start, FullDay: in.IsFullDay}, a.change(r))
	if err != nil {
		return err
	}
	v, err := a.manageView(moved)
	if err != nil {
		return err
	}
	return writeJSON(w, v)
}

// handleManageCancel serves "POST /api/bookings/manage/cancel" {token}:
// cancels (freeing the capacity, cancelling its reminders and messages) and
// mails the cancellation; cancelling twice answers the same.
func (a *API) handleManageCancel(w http.ResponseWriter, r *http.Request) error {
	_, id, tok, err := a.manageCall(w, r, "cancel", 30)
	if err != nil {
		return err
	}
	b, err := a.cancel(r, id, tok)
	if err != nil {
		return err
	}
	v, err := a.manageView(b)
	if err != nil {
		return err
	}
	return writeJSON(w, v)
}

// handleManageCalendar serves "GET /api/bookings/manage/calendar?token=":
// the booking's calendar file (the one writer of the mails), as a
// download; a cancelled booking's file removes the event.
func (a *API) handleManageCalendar(w http.ResponseWriter, r *http.Request) error {
	if err := a.allow(r, "booking:manage:read:ip:"+httpguard.ClientAddr(r), 120, 10*time.Minute); err != nil {
		return err
	}
	id, tok, err := a.Links.Check(r.URL.Query().Get("token"))
	if err != nil {
		return err
	}
	b, err := a.Engine.Get(r.Context(), id, tok)
	if err != nil {
		return err
	}
	ws, err := a.Engine.Workshop(b.DepartmentID)
	if err != nil {
		return err
	}
	f, err := a.flowOf(b)
	if err != nil {
		return err
	}
	link, err := a.Links.URL(a.origin(r), b)
	if err != nil {
		return err
	}
	ics, err := booking.CalendarFile(b, ws, booking.InviteOf(b, ws, f.Service, link))
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", booking.CalendarContentType(b.Status == booking.StatusCancelled))
	w.Header().Set("Content-Disposition", `attachment; filename="`+b.ID+`.ics"`)
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Write(ics)
	return nil
}
