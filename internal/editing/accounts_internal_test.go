package editing

import (
	"testing"

	"golang.org/x/crypto/bcrypt"
)

// TestUnknownNameCostsLikeAWrongPassword checks that the hash an unknown
// name is compared against has the accounts' bcrypt cost, so a wrong name
// is as slow as a wrong password (probe: cost 10 against accounts of 12).
func TestUnknownNameCostsLikeAWrongPassword(t *testing.T) {
	h, err := bcrypt.GenerateFromPassword([]byte("correct horse"), 11)
	if err != nil {
		t.Fatal(err)
	}
	acc, err := ParseAccounts("anna:" + string(h))
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := bcrypt.Cost(dummyHash(acc.maxCost())); got != 11 {
		t.Errorf("dummy hash cost = %d, want the accounts' cost 11", got)
	}
}
