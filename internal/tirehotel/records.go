package tirehotel

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"

	"forecourt/internal/errs"
)

// CustomerBase is who books.
type CustomerBase struct {
	FirstName   string `json:"firstName"`
	LastName    string `json:"lastName"`
	Email       string `json:"email"`
	PhoneMobile string `json:"phoneMobile"`
}

// CreateRequest is the body of create.
type CreateRequest struct {
	BookingDate  string       `json:"bookingDate"`
	BookingStart *string      `json:"bookingStart"`
	RegNo        string       `json:"regNo"`
	FreeText     string       `json:"freeText"`
	Customer     CustomerBase `json:"customer"`
	// Reminder is the customer's opt-in to a reminder before the next
	// seasonal wheel change; absent means no.
	Reminder bool `json:"reminder"`
	// ConfirmSecond books although the car already has a wheel change
	// booked this season (the portal warned).
	ConfirmSecond bool `json:"confirmSecond"`
	// Origin is the public origin for the mails' links and Lang the
	// site's language, set by the handler from the request (never read
	// from the body).
	Origin string `json:"-"`
	Lang   string `json:"-"`
}

// Confirmation is the answer of create.
type Confirmation struct {
	BookingConfirmationID string          `json:"bookingConfirmationId"`
	CustomerBase          CustomerBase    `json:"customerBase"`
	Services              []Service       `json:"services"`
	AppointmentTime       string          `json:"appointmentTime"`
	IsFullDay             bool            `json:"isFullDay"`
	Workshop              ConfirmWorkshop `json:"workshop"`
	FreeText              string          `json:"freeText"`
	RegNo                 string          `json:"regNo"`
	// ManageURL is the booking's page (change the time, cancel) and
	// CalendarURL its calendar file, both with a link token.
	ManageURL   string `json:"manageUrl,omitempty"`
	CalendarURL string `json:"calendarUrl,omitempty"`
}

// Service is a booked service.
type Service struct {
	Name string `json:"name"`
}

// ConfirmWorkshop is where the car is left.
type ConfirmWorkshop struct {
	Name        string  `json:"name"`
	Address     string  `json:"address"`
	Email       string  `json:"email"`
	PhoneNumber string  `json:"phoneNumber"`
	Latitude    float64 `json:"latitude"`
	Longitude   float64 `json:"longitude"`
}

const purposeBookingDoc = "tirehotel/booking"

// confirmation reads the stored confirmation of a booking of agreement.
// Errors: NotFound (also for another agreement's booking).
func (s *Store) confirmation(ctx context.Context, agreement int64, id string) (Confirmation, error) {
	var c Confirmation
	var doc string
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT doc FROM tirehotel_bookings WHERE confirmation_id = ? AND agreement_id = ?`), id, agreement).Scan(&doc)
	if errors.Is(err, sql.ErrNoRows) {
		return c, errBookingNotFound
	}
	if err != nil {
		return c, errs.Wrap(err, "read booking")
	}
	b, err := s.keys.Open(purposeBookingDoc, doc)
	if err != nil {
		return c, errs.Wrap(err, "open booking %s", id)
	}
	return c, errs.Wrap(json.Unmarshal(b, &c), "decode booking")
}

var errBookingNotFound = errs.E(errs.NotFound, "Bokningen finns inte.")

// Review is a stored rating.
type Review struct {
	BookingConfirmationID string `json:"bookingConfirmationId"`
	Rating                int    `json:"rating"`
	Comment               string `json:"comment"`
	Date                  string `json:"date"`
}

// ReviewOf returns the review of a booking. Errors: NotFound.
func (s *Store) ReviewOf(ctx context.Context, id string) (Review, error) {
	r := Review{BookingConfirmationID: id}
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT rating, comment, review_date FROM tirehotel_reviews WHERE confirmation_id = ?`), id).Scan(&r.Rating, &r.Comment, &r.Date)
	if errors.Is(err, sql.ErrNoRows) {
		return r, errs.E(errs.NotFound, "Inget betyg.")
	}
	return r, errs.Wrap(err, "read review")
}
