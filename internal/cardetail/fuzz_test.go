package cardetail_test

import (
	"strings"
	"testing"

	"forecourt/internal/cardetail"
)

// FuzzDetailInputs: the loan request body and the detail path parse or
// fail, never panic.
func FuzzDetailInputs(f *testing.F) {
	f.Add([]byte(`{"car_id":"10000001","down_payment":50000,"months":36}`), "bilar/10000001/volvo-xc60")
	f.Add([]byte(`{"car_id":1e999}`), "bilar/volvo/xc60/10000001")
	f.Add([]byte(`[]`), "bilar//x")
	f.Fuzz(func(t *testing.T, body []byte, path string) {
		cardetail.ParseLoanRequest(body)
		cardetail.ParsePath(strings.Split(path, "/"))
	})
}
