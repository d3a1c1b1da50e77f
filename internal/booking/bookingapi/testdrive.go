package bookingapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"forecourt/internal/booking"
	"forecourt/internal/errs"
	"forecourt/internal/httpguard"
	"forecourt/internal/testdrive"
)

// The test drive's calls: GET /api/testdrive/{carId}/days?from=,
// GET /api/testdrive/{carId}/slots?date=, POST /api/testdrive/{carId}/book.
// They answer in the service booking's shapes (BookAnswer, the errors).

// TestDriveBookRequest is the body of POST /api/testdrive/{carId}/book.
type TestDriveBookRequest struct {
	Customer CustomerIn `json:"customer"`
	TimeSlot string     `json:"timeSlot"`
	Message  string     `json:"message"`
	// Language is the page's language for the mails and the text; the
	// site's default when absent or not one of the site's.
	Language string `json:"language"`
}

// TestDriveDay is one day of the days answer.
type TestDriveDay struct {
	Date   string `json:"date"`
	Free   int    `json:"free"`
	Closed string `json:"closed,omitempty"`
}

// TestDriveDays is the answer of the days call.
type TestDriveDays struct {
	CarID      int64          `json:"carId"`
	Department string         `json:"department"`
	SiteName   string         `json:"siteName"`
	Address    string         `json:"address"`
	First      string         `json:"first"`
	Last       string         `json:"last"`
	Minutes    int            `json:"minutes"`
	Days       []TestDriveDay `json:"days"`
}

// TestDriveSlot is a free start: the local clock and the timeSlot to book.
type TestDriveSlot struct {
	Time     string `json:"time"`
	TimeSlot string `json:"timeSlot"`
}

// TestDriveSlots is the answer of the slots call.
type TestDriveSlots struct {
	Date   string          `json:"date"`
	Closed string          `json:"closed,omitempty"`
	Slots  []TestDriveSlot `json:"slots"`
}

// testDriveError maps the flow's own errors to the contract's shape.
func testDriveError(err error) error {
	var e *errs.Error
	switch {
	case errors.Is(err, testdrive.ErrCarGone) && errors.As(err, &e):
		return &apiError{Code: "CarNotAvailable", Status: http.StatusNotFound, Message: e.Message}
	case errors.Is(err, testdrive.ErrNoSales) && errors.As(err, &e):
		return &apiError{Code: "UnknownDepartment", Status: http.StatusNotFound, Message: e.Message}
	}
	return err
}

func (a *API) testDriveCar(r *http.Request) (testdrive.Car, error) {
	if a.TestDrives == nil {
		return testdrive.Car{}, testdrive.ErrNoSales
	}
	raw := r.PathValue("carId")
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id <= 0 || len(raw) > 19 {
		return testdrive.Car{}, errInvalid("carId", "ett bil-id")
	}
	site := ""
	if a.SiteOf != nil {
		site = a.SiteOf(r)
	} else if st := httpguard.SiteOf(r); st != nil {
		site = st.Name
	}
	c, err := a.TestDrives.Car(r.Context(), site, id)
	return c, testDriveError(err)
}

func (a *API) testDriveRead(r *http.Request) error {
	return a.allow(r, "testdrive:read:ip:"+httpguard.ClientAddr(r), 240, 10*time.Minute)
}

// handleTestDriveDays serves "GET /api/testdrive/{carId}/days?from=".
func (a *API) handleTestDriveDays(w http.ResponseWriter, r *http.Request) error {
	if err := a.testDriveRead(r); err != nil {
		return err
	}
	c, err := a.testDriveCar(r)
	if err != nil {
		return err
	}
	first, last := a.TestDrives.Window(c.Sales)
	from := first
	if s := r.URL.Query().Get("from"); s != "" {
		if from, err = booking.ParseDate(s); err != nil || len(s) != 10 {
			return errInvalid("from", "ett datum som ÅÅÅÅ-MM-DD")
		}
	}
	days, err := a.TestDrives.Days(r.Context(), c, from)
	if err != nil {
		return testDriveError(err)
	}
	out := TestDriveDays{CarID: c.CarID, Department: c.Sales.DepartmentID, SiteName: c.Sales.SiteName, Address: c.Sales.Address(),
		First: first.String(), Last: last.String(), Minutes: booking.TestDriveMinutes, Days: make([]TestDriveDay, len(days))}
	for i, d := range days {
		out.Days[i] = TestDriveDay{Date: d.Date.String(), Free: len(d.Starts), Closed: d.Closed}
	}
	return writeJSON(w, out)
}

// handleTestDriveSlots serves "GET /api/testdrive/{carId}/slots?date=".
func (a *API) handleTestDriveSlots(w http.ResponseWriter, r *http.Request) error {
	if err := a.testDriveRead(r); err != nil {
		return err
	}
	c, err := a.testDriveCar(r)
	if err != nil {
		return err
	}
	s := r.URL.Query().Get("date")
	d, err := booking.ParseDate(s)
	if err != nil || len(s) != 10 {
		return errInvalid("date", "ett datum som ÅÅÅÅ-MM-DD")
	}
	ds, err := a.TestDrives.Slots(r.Context(), c, d)
	if err != nil {
		return testDriveError(err)
	}
	out := TestDriveSlots{Date: d.String(), Closed: ds.Closed, Slots: make([]TestDriveSlot, len(ds.Starts))}
	for i, t := range ds.Starts {
		l := t.In(c.Sales.Zone)
		out.Slots[i] = TestDriveSlot{Time: l.Format("15:04"), TimeSlot: l.Format(localLayout)}
	}
	return writeJSON(w, out)
}

// handleTestDriveBook serves "POST /api/testdrive/{carId}/book": one
// booking in one transaction with its confirmation mail and text; the same
// Idempotency-Key answers the first booking again.
func (a *API) handleTestDriveBook(w http.ResponseWriter, r *http.Request) error {
	if err := a.allowBook(r, "testdrive"); err != nil {
		return err
	}
	body, err := readBody(w, r, MaxBody)
	if err != nil {
		return err
	}
	c, err := a.testDriveCar(r)
	if err != nil {
		return err
	}
	var in TestDriveBookRequest
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&in); err != nil || dec.More() {
		return errInvalid("body", "ogiltig JSON")
	}
	f := errs.FieldErrors{}
	customer := parseCustomer(in.Customer, c.Sales.Country, f)
	msg := strings.TrimSpace(in.Message)
	if utf8.RuneCountInString(msg) > 500 {
		f.Add("message", "Högst 500 tecken")
	}
	key := strings.TrimSpace(r.Header.Get("Idempotency-Key"))
	if key != "" && !keyPattern.MatchString(key) {
		f.Add("Idempotency-Key", "ogiltig nyckel")
	}
	start, ok := parseTimeSlot(in.TimeSlot, c.Sales.Zone)
	if !ok {
		f.Add("timeSlot", "Välj en tid")
	}
	if err := f.Err("Kontrollera bokningen"); err != nil {
		return err
	}
	ch := a.change(r)
	if st := httpguard.SiteOf(r); st != nil && in.Language != "" && st.HasLanguage(in.Language) {
		ch.Lang = in.Language
	}
	b, err := a.TestDrives.Book(r.Context(), testdrive.Order{Car: c, Start: start, Message: msg, IdempotencyKey: key,
		Customer: customer,
		Origin:   ch.Origin, Lang: ch.Lang})
	if err != nil {
		return testDriveError(err)
	}
	ans, err := a.answerOf(b)
	if err != nil {
		return err
	}
	return writeJSON(w, ans)
}
