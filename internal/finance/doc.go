// Package finance holds the car-finance arithmetic of forecourt as pure
// functions: the Nordic loan calculator driven by a car's loan option, the
// leasing discount, the EU consumer-credit APR, locale-aware money formatting,
// and the UK quote engine that answers the "codeweaver" finance calls (PCP and
// HP quotes, default products, legal text by quote reference).
//
// Nothing here does I/O or reads the clock: callers pass the date a quote is
// made for. Amounts are float64 in major currency units (kronor, euros,
// pounds), rounded to two decimals where the result is a payment. See
// docs/finance.md for the models and the reference cases the tests check.
package finance
