// Package errs is forecourt's one coded error type. Domain packages return
// *Error values for everything a caller may act on (bad input, not found,
// conflicts); the web package maps each Code to an HTTP status in one place.
package errs

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Code classifies an error for callers and for the HTTP mapping.
type Code string

const (
	Invalid      Code = "invalid"      // the caller's input is wrong; Message is shown to users
	NotFound     Code = "not_found"    // the thing asked for does not exist
	Conflict     Code = "conflict"     // the request clashes with the current state
	Unauthorized Code = "unauthorized" // no or bad credentials
	Forbidden    Code = "forbidden"    // credentials fine, access not allowed
	RateLimited  Code = "rate_limited" // too many requests
	Unavailable  Code = "unavailable"  // a dependency is down; try again later
	Internal     Code = "internal"     // a bug or an unexpected failure; logged, never shown
	// TooLarge and UnsupportedMediaType refuse a request body before it
	// is read: over the endpoint's size bound, or not the type it takes.
	TooLarge             Code = "too_large"
	UnsupportedMediaType Code = "unsupported_media_type"
)

// Error is an error with a Code, a Message fit for users and, for invalid
// input, the message of each offending field.
type Error struct {
	Code    Code
	Message string
	// Fields maps a field name (as the client sent it) to what is wrong with it.
	Fields map[string]string
	// Err is the underlying cause, logged but never shown.
	Err error
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(string(e.Code))
	if e.Message != "" {
		b.WriteString(": ")
		b.WriteString(e.Message)
	}
	if len(e.Fields) > 0 {
		keys := make([]string, 0, len(e.Fields))
		for k := range e.Fields {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fmt.Fprintf(&b, "; %s: %s", k, e.Fields[k])
		}
	}
	if e.Err != nil {
		b.WriteString(": ")
		b.WriteString(e.Err.Error())
	}
	return b.String()
}

func (e *Error) Unwrap() error { return e.Err }

// E builds an *Error with a formatted message.
func E(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Wrap returns an Internal error that keeps err as its cause. It returns nil
// when err is nil and err itself when it already is an *Error.
func Wrap(err error, format string, args ...any) error {
	if err == nil {
		return nil
	}
	var e *Error
	if errors.As(err, &e) {
		return err
	}
	return &Error{Code: Internal, Message: fmt.Sprintf(format, args...), Err: err}
}

// CodeOf returns the Code of err, Internal for foreign errors and "" for nil.
func CodeOf(err error) Code {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return Internal
}

// Is reports whether err carries code.
func Is(err error, code Code) bool { return CodeOf(err) == code }

// MessageOf returns the user-facing message of err. Internal errors get a
// generic text so nothing of the system leaks to visitors.
func MessageOf(err error) string {
	var e *Error
	if errors.As(err, &e) && e.Code != Internal {
		return e.Message
	}
	return "An internal error occurred."
}

// FieldErrors collects per-field problems while parsing input, so a client
// gets all of them at once.
type FieldErrors map[string]string

// Add records msg for field unless the field already has a message.
func (f FieldErrors) Add(field, msg string) {
	if _, ok := f[field]; !ok {
		f[field] = msg
	}
}

// Err returns an Invalid *Error listing the fields, or nil when there are none.
func (f FieldErrors) Err(message string) error {
	if len(f) == 0 {
		return nil
	}
	if message == "" {
		message = "Some fields are not valid."
	}
	return &Error{Code: Invalid, Message: message, Fields: map[string]string(f)}
}
