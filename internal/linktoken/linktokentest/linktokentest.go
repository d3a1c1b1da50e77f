// Package linktokentest helps tests sign link tokens.
package linktokentest

import (
	"testing"
	"time"

	"forecourt/internal/linktoken"
)

// Sign signs a token for purpose and subject, failing the test when the
// signer refuses them.
func Sign(tb testing.TB, s *linktoken.Signer, purpose, subject string, expires time.Time) string {
	tb.Helper()
	tok, err := s.Sign(purpose, subject, expires)
	if err != nil {
		tb.Fatal(err)
	}
	return tok
}
