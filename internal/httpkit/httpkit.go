// Package httpkit is the small HTTP toolkit every feature's routes are
// written with, so that no feature needs the front door (internal/web) to
// serve an API: a handler returns its error (the server writes it with the
// status of its code), a feature lists its routes (Routes() []Route) and
// the server mounts them, JSON goes out compressed when the client takes it
// and comes in bounded in size and strict in shape. The request's facts
// (site, client address, base URL, …) are internal/httpguard's.
package httpkit

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"forecourt/internal/errs"
)

// HandlerFunc is an HTTP handler that returns its error; the server logs it
// and writes it as JSON with the status of its code (StatusOf).
type HandlerFunc func(w http.ResponseWriter, r *http.Request) error

// Route is one route of a feature: a http.ServeMux pattern ("POST
// /api/alerts"), the name metrics and logs give it, and its handler. The
// server refuses a second route of the same pattern.
type Route struct {
	Pattern string
	Name    string
	Handler HandlerFunc
}

// StatusOf maps an error code to its HTTP status: the one place that does.
func StatusOf(code errs.Code) int {
	switch code {
	case errs.Invalid:
		return http.StatusBadRequest
	case errs.NotFound:
		return http.StatusNotFound
	case errs.Conflict:
		return http.StatusConflict
	case errs.Unauthorized:
		return http.StatusUnauthorized
	case errs.Forbidden:
		return http.StatusForbidden
	case errs.RateLimited:
		return http.StatusTooManyRequests
	case errs.Unavailable:
		return http.StatusServiceUnavailable
	case errs.TooLarge:
		return http.StatusRequestEntityTooLarge
	case errs.UnsupportedMediaType:
		return http.StatusUnsupportedMediaType
	default:
		return http.StatusInternalServerError
	}
}

// ErrorBody is the JSON shape of every API error the server writes.
type ErrorBody struct {
	Error struct {
		Code    errs.Code         `json:"code"`
		Message string            `json:"message"`
		Fields  map[string]string `json:"fields,omitempty"`
	} `json:"error"`
}

// ErrorBodyOf is err's answer: its code, its public message and, for
// Invalid, the message of each field.
func ErrorBodyOf(err error) ErrorBody {
	var body ErrorBody
	code := errs.CodeOf(err)
	body.Error.Code = code
	body.Error.Message = errs.MessageOf(err)
	var e *errs.Error
	if errors.As(err, &e) && code == errs.Invalid {
		body.Error.Fields = e.Fields
	}
	return body
}

// WriteJSON writes v as JSON with status, compressed when the client
// accepts it and the body is large enough to gain.
func WriteJSON(w http.ResponseWriter, r *http.Request, status int, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return errs.Wrap(err, "encode response")
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	WriteBody(w, r, status, b)
	return nil
}

// Errors of reading a body: the features that answer in their own
// contract's words tell them apart with errors.Is.
var (
	ErrUnreadable    = errs.E(errs.Invalid, "The request body could not be read.")
	ErrMalformedJSON = errs.E(errs.Invalid, "The request body is not valid JSON of the expected shape.")
)

// ReadBody reads the request body up to max bytes. A longer body is a
// TooLarge error (413) naming the bound; a body that cannot be read is
// ErrUnreadable.
func ReadBody(w http.ResponseWriter, r *http.Request, max int64) ([]byte, error) {
	if r.ContentLength > max {
		return nil, TooLarge(max)
	}
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, max))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, TooLarge(max)
		}
		return nil, ErrUnreadable
	}
	return b, nil
}

// DecodeJSON reads a body of at most max bytes into v: one JSON value, no
// unknown fields, nothing after it. Errors: TooLarge, ErrUnreadable,
// ErrMalformedJSON.
func DecodeJSON(w http.ResponseWriter, r *http.Request, max int64, v any) error {
	b, err := ReadBody(w, r, max)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil || dec.More() {
		return ErrMalformedJSON
	}
	return nil
}

// TooLarge is the error of a body over max bytes.
func TooLarge(max int64) error {
	return errs.E(errs.TooLarge, "The request is too large (at most %d KiB).", max>>10)
}
