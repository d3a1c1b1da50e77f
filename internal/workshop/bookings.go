package workshop

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"forecourt/internal/booking"
	"forecourt/internal/errs"
	"forecourt/internal/mail"
	"forecourt/internal/testdrive"
)

// DepartmentView is one department the principal may operate.
type DepartmentView struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Site string `json:"site"`
	City string `json:"city"`
	// Kind is "workshop", or "sales" for a dealer site's sales department,
	// whose calendar holds its test drives.
	Kind string `json:"kind"`
}

// departments serves "GET /api/staff/departments".
func (a *API) departments(w http.ResponseWriter, r *http.Request) error {
	p, err := principal(r)
	if err != nil {
		return err
	}
	out := []DepartmentView{}
	for _, ws := range a.Engine.Directory().Departments("") {
		if p.MayDepartment(ws.DepartmentID) {
			v := DepartmentView{ID: ws.DepartmentID, Name: ws.SiteName, Site: ws.Site, City: ws.City, Kind: "workshop"}
			if ws.Sales {
				v.Name, v.Kind = ws.SiteName+" – "+ws.DepartmentName, "sales"
			}
			out = append(out, v)
		}
	}
	return writeJSON(w, http.StatusOK, out)
}

// BookingView is a booking in the workshop's calendar.
type BookingView struct {
	ID           string        `json:"id"`
	Kind         string        `json:"kind"` // service | wheelchange | testdrive
	Start        string        `json:"start"`
	End          string        `json:"end"`
	FullDay      bool          `json:"fullDay"`
	Status       string        `json:"status"`
	Car          CarView       `json:"car"`
	Services     []ServiceView `json:"services"`
	Customer     CustomerView  `json:"customer"`
	Message      string        `json:"message"`
	CancelReason string        `json:"cancelReason"`
	CreatedAt    string        `json:"createdAt"`
	UpdatedAt    string        `json:"updatedAt"`
	Department   string        `json:"department"`
	// TestDrive is the car a test drive is for; absent for other kinds.
	TestDrive *TestDriveView `json:"testDrive,omitempty"`
}

// TestDriveView is the stock car of a test drive and its public page
// (the car page; a sold car's page says it is gone). URL is empty when
// the API has no CarURL.
type TestDriveView struct {
	CarID int64  `json:"carId"`
	URL   string `json:"url"`
}

// CarView is the booked car.
type CarView struct {
	Regno string `json:"regno"`
	Brand string `json:"brand"`
	Model string `json:"model"`
	Year  *int   `json:"year"`
}

// ServiceView is one booked service; Price is null when it is not known.
type ServiceView struct {
	Name    string   `json:"name"`
	Minutes int      `json:"minutes"`
	Price   *float64 `json:"price"`
}

// CustomerView is who booked.
type CustomerView struct {
	Name  string `json:"name"`
	Email string `json:"email"`
	Phone string `json:"phone"`
}

// view is viewOf with the car of a test drive and its page's address.
func (a *API) view(r *http.Request, b booking.Booking, w *booking.Workshop) BookingView {
	v := viewOf(b, w)
	if id, ok := testdrive.CarOf(b); ok {
		v.TestDrive = &TestDriveView{CarID: id}
		if a.CarURL != nil {
			v.TestDrive.URL = a.CarURL(r, w.Site, id)
		}
	}
	return v
}

// viewOf is b as the workshop sees it, in w's local time.
func viewOf(b booking.Booking, w *booking.Workshop) BookingView {
	start := b.Start.In(w.Zone)
	v := BookingView{ID: b.ID, Kind: b.Flow, Start: start.Format(localLayout), FullDay: b.FullDay,
		End:    start.Add(time.Duration(b.Minutes) * time.Minute).Format(localLayout),
		Status: b.Status, Car: CarView{Regno: b.Reg, Brand: b.Car.Brand, Model: b.Car.Model},
		Customer:     CustomerView{Name: strings.TrimSpace(b.Customer.FirstName + " " + b.Customer.LastName), Email: b.Customer.Email, Phone: b.Customer.Phone},
		Message:      b.FreeText,
		CancelReason: b.CancelReason, CreatedAt: b.CreatedAt.UTC().Format(time.RFC3339), Department: b.DepartmentID,
		Services: []ServiceView{}}
	if b.Car.Year > 0 {
		y := b.Car.Year
		v.Car.Year = &y
	}
	v.UpdatedAt = v.CreatedAt
	if b.UpdatedAt != nil {
		v.UpdatedAt = b.UpdatedAt.UTC().Format(time.RFC3339)
	}
	for _, it := range b.Items {
		s := ServiceView{Name: it.Name, Minutes: booking.ItemMinutes(it)}
		if len(b.Items) == 1 {
			s.Minutes = b.Minutes // the whole job, whatever the offering's own estimate
		}
		if it.PriceKnown {
			p := it.Price * float64(max(it.Units, 1))
			s.Price = &p
		}
		v.Services = append(v.Services, s)
	}
	return v
}

// SlotView is one start of a day's grid.
type SlotView struct {
	Start    string `json:"start"`
	Capacity int    `json:"capacity"`
	Used     int    `json:"used"`
}

// DayView is one day of the calendar.
type DayView struct {
	Date   string     `json:"date"`
	Open   string     `json:"open"`
	Close  string     `json:"close"`
	Closed bool       `json:"closed"`
	Reason string     `json:"reason"`
	Slots  []SlotView `json:"slots"`
	// FullDay are the full-day drop-off's places and how many are taken.
	FullDay struct {
		Capacity int `json:"capacity"`
		Used     int `json:"used"`
	} `json:"fullDay"`
}

// CalendarView is the answer of GET /api/staff/bookings.
type CalendarView struct {
	Department struct {
		ID   string `json:"id"`
		Name string `json:"name"`
		Site string `json:"site"`
	} `json:"department"`
	From     string        `json:"from"`
	To       string        `json:"to"`
	Days     []DayView     `json:"days"`
	Bookings []BookingView `json:"bookings"`
}

func clock(m int) string { return fmt.Sprintf("%02d:%02d", m/60, m%60) }

// calendar reads the department, from and to of a calendar request.
func (a *API) calendar(r *http.Request) (booking.Calendar, error) {
	p, err := principal(r)
	if err != nil {
		return booking.Calendar{}, err
	}
	q := r.URL.Query()
	w, err := a.department(p, q.Get("department"))
	if err != nil {
		return booking.Calendar{}, err
	}
	fe := errs.FieldErrors{}
	from, to := parseDay("from", q.Get("from"), fe), parseDay("to", q.Get("to"), fe)
	if len(fe) == 0 && (to.Before(from) || from.AddDays(booking.MaxCalendarDays-1).Before(to)) {
		fe.Add("to", fmt.Sprintf("1 to %d days after from", booking.MaxCalendarDays))
	}
	if err := fe.Err("Check the dates."); err != nil {
		return booking.Calendar{}, err
	}
	return a.Engine.Calendar(r.Context(), w.DepartmentID, from, to)
}

// list serves "GET /api/staff/bookings?department=&from=&to=".
func (a *API) list(w http.ResponseWriter, r *http.Request) error {
	cal, err := a.calendar(r)
	if err != nil {
		return err
	}
	ws := cal.Workshop
	out := CalendarView{Days: []DayView{}, Bookings: []BookingView{}}
	out.Department.ID, out.Department.Name, out.Department.Site = ws.DepartmentID, ws.SiteName, ws.Site
	out.From, out.To = cal.Days[0].Date.String(), cal.Days[len(cal.Days)-1].Date.String()
	for _, d := range cal.Days {
		dv := DayView{Date: d.Date.String(), Closed: d.Closed != "", Slots: []SlotView{}}
		if d.Closed != booking.ClosedWeekday {
			dv.Reason = d.Closed
		}
		if d.Close > d.Open {
			dv.Open, dv.Close = clock(d.Open), clock(d.Close)
		}
		for _, s := range d.Slots {
			dv.Slots = append(dv.Slots, SlotView{Start: s.Start.In(ws.Zone).Format(localLayout), Capacity: s.Capacity, Used: s.Used})
		}
		dv.FullDay.Capacity, dv.FullDay.Used = d.FullDayCapacity, d.FullDayUsed
		out.Days = append(out.Days, dv)
	}
	for _, b := range cal.Bookings {
		out.Bookings = append(out.Bookings, a.view(r, b, ws))
	}
	return writeJSON(w, http.StatusOK, out)
}

// csvHeads are the day list's column names by the site's language.
var csvHeads = map[string][]string{
	"sv": {"Datum", "Tid", "Slut", "Bokningsnummer", "Typ", "Status", "Regnr", "Bil", "Tjänster", "Kund", "Telefon", "E-post", "Meddelande", "Avbokningsorsak", "Bilens sida"},
	"en": {"Date", "Time", "End", "Booking", "Kind", "Status", "Registration", "Car", "Services", "Customer", "Phone", "E-mail", "Message", "Cancellation reason", "Car page"},
}

// cell keeps a value from being read as a formula by a spreadsheet.
func cell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// csv serves "GET /api/staff/bookings.csv?department=&from=&to=": the day
// list, UTF-8 with a byte order mark and ";" between fields (what Excel
// opens as columns in Sweden), one line per booking in start order.
func (a *API) csv(w http.ResponseWriter, r *http.Request) error {
	cal, err := a.calendar(r)
	if err != nil {
		return err
	}
	ws := cal.Workshop
	lang := "en"
	if a.Lang != nil && a.Lang(ws.Site) == "sv" {
		lang = "sv"
	}
	var buf bytes.Buffer
	buf.WriteString("\ufeff")
	cw := csv.NewWriter(&buf)
	cw.Comma = ';'
	cw.UseCRLF = true
	cw.Write(csvHeads[lang])
	for _, b := range cal.Bookings {
		v := a.view(r, b, ws)
		names := make([]string, len(v.Services))
		for i, s := range v.Services {
			names[i] = s.Name
		}
		car := strings.TrimSpace(v.Car.Brand + " " + v.Car.Model)
		if v.Car.Year != nil {
			car += fmt.Sprintf(" (%d)", *v.Car.Year)
		}
		row := []string{v.Start[:10], v.Start[11:16], v.End[11:16], v.ID, v.Kind, v.Status, v.Car.Regno, car,
			strings.Join(names, ", "), v.Customer.Name, v.Customer.Phone, v.Customer.Email, v.Message, v.CancelReason, ""}
		if v.TestDrive != nil {
			row[len(row)-1] = v.TestDrive.URL
		}
		for i := range row {
			row[i] = cell(row[i])
		}
		cw.Write(row)
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return errs.Wrap(err, "write day list")
	}
	name := fmt.Sprintf("bookings-%s-%s-%s.csv", ws.DepartmentID, cal.Days[0].Date, cal.Days[len(cal.Days)-1].Date)
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Write(buf.Bytes())
	return nil
}

// slots serves "GET /api/staff/bookings/{id}/slots?date=": the starts the
// booking could move to that day, each with whether it is free.
func (a *API) slots(w http.ResponseWriter, r *http.Request) error {
	_, b, ws, err := a.pathBooking(r)
	if err != nil {
		return err
	}
	fe := errs.FieldErrors{}
	day := parseDay("date", r.URL.Query().Get("date"), fe)
	if err := fe.Err("Check the date."); err != nil {
		return err
	}
	ss, err := a.Engine.MoveSlots(r.Context(), b.ID, day)
	if err != nil {
		return err
	}
	type slot struct {
		Start string `json:"start"`
		Free  bool   `json:"free"`
	}
	out := struct {
		Date  string `json:"date"`
		Slots []slot `json:"slots"`
	}{Date: day.String(), Slots: []slot{}}
	for _, s := range ss {
		out.Slots = append(out.Slots, slot{Start: s.Start.In(ws.Zone).Format(localLayout), Free: s.Free})
	}
	return writeJSON(w, http.StatusOK, out)
}

// move serves "POST /api/staff/bookings/{id}/move" {"start"}: the same
// engine transaction as a customer's booking, so the time is never over
// capacity; 409 when it is no longer free. The customer gets the change
// mail with the updated calendar file and a text message.
func (a *API) move(w http.ResponseWriter, r *http.Request) error {
	p, b, ws, err := a.pathBooking(r)
	if err != nil {
		return err
	}
	in, err := decode[struct {
		Start string `json:"start"`
	}](r)
	if err != nil {
		return err
	}
	start, err := time.ParseInLocation(localLayout, strings.TrimSpace(in.Start), ws.Zone)
	if err != nil {
		return &errs.Error{Code: errs.Invalid, Message: "Choose a time.", Fields: map[string]string{"start": "a local time as YYYY-MM-DDTHH:MM:SS"}}
	}
	was := b.Start.In(ws.Zone).Format("2006-01-02 15:04")
	moved, err := a.Bookings.Move(r.Context(), booking.MoveRequest{ID: b.ID, Start: start, FullDay: b.FullDay}, a.change(r, p, ws, ""))
	if err != nil {
		return err
	}
	a.record(r.Context(), p, "booking.move", moved.ID, was+" → "+moved.Start.In(ws.Zone).Format("2006-01-02 15:04"))
	return writeJSON(w, http.StatusOK, a.view(r, moved, ws))
}

// MaxReason is the longest cancellation reason.
const MaxReason = 500

// cancel serves "POST /api/staff/bookings/{id}/cancel" {"reason"}: frees
// the capacity; the customer gets the cancellation with the reason.
func (a *API) cancel(w http.ResponseWriter, r *http.Request) error {
	p, b, ws, err := a.pathBooking(r)
	if err != nil {
		return err
	}
	in, err := decode[struct {
		Reason string `json:"reason"`
	}](r)
	if err != nil {
		return err
	}
	reason := strings.TrimSpace(in.Reason)
	if reason == "" || utf8.RuneCountInString(reason) > MaxReason || strings.ContainsRune(reason, 0) {
		return &errs.Error{Code: errs.Invalid, Message: "Give a reason.", Fields: map[string]string{"reason": fmt.Sprintf("1 to %d characters", MaxReason)}}
	}
	if !mail.IsOneLine(reason) {
		reason = strings.Join(strings.Fields(reason), " ") // it goes into a mail line and a text message
	}
	if b.Status == booking.StatusCancelled {
		return writeJSON(w, http.StatusOK, a.view(r, b, ws))
	}
	got, err := a.Bookings.Cancel(r.Context(), b.ID, "", a.change(r, p, ws, reason))
	if err != nil {
		return err
	}
	a.record(r.Context(), p, "booking.cancel", got.ID, reason)
	return writeJSON(w, http.StatusOK, a.view(r, got, ws))
}

// status serves "POST /api/staff/bookings/{id}/status" {"status"}.
func (a *API) status(w http.ResponseWriter, r *http.Request) error {
	p, b, ws, err := a.pathBooking(r)
	if err != nil {
		return err
	}
	in, err := decode[struct {
		Status string `json:"status"`
	}](r)
	if err != nil {
		return err
	}
	switch in.Status {
	case booking.StatusArrived, booking.StatusDone, booking.StatusNoShow:
	default:
		return &errs.Error{Code: errs.Invalid, Message: "Choose arrived, done or noshow.", Fields: map[string]string{"status": "arrived, done or noshow"}}
	}
	got, err := a.Engine.SetStatus(r.Context(), b.ID, in.Status)
	if err != nil {
		return err
	}
	a.record(r.Context(), p, "booking.status", got.ID, b.Status+" → "+got.Status)
	return writeJSON(w, http.StatusOK, a.view(r, got, ws))
}
