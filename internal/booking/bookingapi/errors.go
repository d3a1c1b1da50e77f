package bookingapi

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"forecourt/internal/booking"
	"forecourt/internal/errs"
	"forecourt/internal/vehicles"
)

// Messages of spec §8.
const (
	msgInvalidReg      = "Ogiltigt registreringsnummer, kontrollera att registreringsnumret är korrekt"
	msgVehicleNotFound = "Fordonet hittades inte, kontrollera att registreringsnumret är korrekt"
	msgTimeslot        = "Tiden är inte tillgänglig, vänligen välj en annan tid"
	msgOther           = "Något gick fel, försök igen"
)

// apiError is an error answer of /api/mechmate/* and /api/places:
// {"errors": {"Error Result": [code]}, "message": …, "fields": {…}}.
type apiError struct {
	Code       string
	Status     int
	Message    string
	Fields     map[string]string
	RetryAfter time.Duration
	Err        error // logged, never shown
}

func (e *apiError) Error() string {
	if e.Err != nil {
		return e.Code + ": " + e.Err.Error()
	}
	return e.Code + ": " + e.Message
}

func (e *apiError) Unwrap() error { return e.Err }

func errUnknownService(code string) *apiError {
	return &apiError{Code: "UnknownService", Status: http.StatusBadRequest, Message: msgOther,
		Fields: map[string]string{"serviceOfferings": "okänd tjänst: " + code}}
}

func errInvalid(field, msg string) *apiError {
	return &apiError{Code: "InvalidInput", Status: http.StatusBadRequest, Message: msgOther, Fields: map[string]string{field: msg}}
}

var errTooLarge = &apiError{Code: "PayloadTooLarge", Status: http.StatusRequestEntityTooLarge, Message: msgOther}

// toAPIError maps a domain error to the contract's code and status.
func toAPIError(err error) *apiError {
	var ae *apiError
	if errors.As(err, &ae) {
		return ae
	}
	switch {
	case vehicles.IsInvalidReg(err):
		return &apiError{Code: "InvalidReg", Status: http.StatusBadRequest, Message: msgInvalidReg}
	case vehicles.IsNotFound(err):
		return &apiError{Code: "VehicleNotFound", Status: http.StatusNotFound, Message: msgVehicleNotFound}
	case errors.Is(err, booking.ErrUnknownDepartment):
		return &apiError{Code: "UnknownDepartment", Status: http.StatusNotFound, Message: msgOther}
	case errors.Is(err, booking.ErrTimeslotNotAvailable):
		return &apiError{Code: "TimeslotNotAvailable", Status: http.StatusConflict, Message: msgTimeslot}
	case errors.Is(err, booking.ErrNotFound):
		return &apiError{Code: "BookingNotFound", Status: http.StatusNotFound, Message: msgOther}
	case errors.Is(err, booking.ErrCancelled):
		return &apiError{Code: "BookingCancelled", Status: http.StatusConflict, Message: "Bokningen är avbokad och kan inte ändras."}
	case errors.Is(err, booking.ErrPassed):
		return &apiError{Code: "BookingPassed", Status: http.StatusConflict, Message: "Besöket har redan varit och kan inte ändras."}
	case errors.Is(err, booking.ErrKeyReused):
		// The contract (booking-engine.md): a key that comes back with a
		// different request is a conflict with the first booking, as in the
		// wheel change.
		return &apiError{Code: "IdempotencyKeyReused", Status: http.StatusConflict, Message: msgOther,
			Fields: map[string]string{"Idempotency-Key": "nyckeln har redan använts för en annan bokning"}}
	}
	var e *errs.Error
	if errors.As(err, &e) {
		switch e.Code {
		case errs.Invalid:
			f := e.Fields
			if len(f) == 0 {
				f = map[string]string{"request": e.Message}
			}
			return &apiError{Code: "InvalidInput", Status: http.StatusBadRequest, Message: msgOther, Fields: f}
		case errs.RateLimited:
			return &apiError{Code: "RateLimited", Status: http.StatusTooManyRequests, Message: msgOther}
		case errs.Forbidden:
			return &apiError{Code: "Forbidden", Status: http.StatusForbidden, Message: e.Message}
		case errs.UnsupportedMediaType:
			return &apiError{Code: "UnsupportedMediaType", Status: http.StatusUnsupportedMediaType, Message: msgOther}
		case errs.TooLarge:
			return errTooLarge
		}
	}
	return &apiError{Code: "ServerError", Status: http.StatusInternalServerError, Message: msgOther, Err: err}
}

type errorBody struct {
	Errors  map[string][]string `json:"errors"`
	Message string              `json:"message"`
	Fields  map[string]string   `json:"fields,omitempty"`
}

// writeError writes err in the contract's shape and logs it.
func writeError(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	ae := toAPIError(err)
	if ae.Status >= 500 {
		log.Error("booking api failed", "path", r.URL.Path, "err", err)
	} else {
		log.Info("booking api rejected", "path", r.URL.Path, "code", ae.Code, "err", err)
	}
	if ae.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(int(ae.RetryAfter.Seconds()+0.999)))
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(ae.Status)
	json.NewEncoder(w).Encode(errorBody{Errors: map[string][]string{"Error Result": {ae.Code}}, Message: ae.Message, Fields: ae.Fields})
}
