package alerts

import (
	"strings"
	"time"

	"forecourt/internal/linktoken"
)

// Token purposes. A token signed for one purpose never passes as another.
const (
	PurposeConfirm     = "confirm"     // subject: search id
	PurposeUnsubscribe = "unsubscribe" // subject: search id
	PurposeManage      = "manage"      // subject: site name and address
)

// Lifetimes of the tokens in mails. Unsubscribe links stay good for long
// (a mail is read late); a manage link in every digest is renewed anyway.
const (
	ConfirmTTL     = 7 * 24 * time.Hour
	UnsubscribeTTL = 400 * 24 * time.Hour
	ManageTTL      = 30 * 24 * time.Hour
)

// tokenLabel derives the alert links' key from the server secret. Changing
// it would break every link in mails already sent.
const tokenLabel = "forecourt alerts tokens v1"

// NewTokens returns the signer of the alert mails' links under secret (at
// least linktoken.MinSecret bytes, the same in every process). A refused
// token is errs.Invalid with fields.token linktoken.Invalid or
// linktoken.Expired.
func NewTokens(secret []byte) (*linktoken.Signer, error) {
	return linktoken.New(secret, tokenLabel)
}

// manageSubject binds a manage token to a site and an address.
func manageSubject(siteName, email string) string { return siteName + "\n" + email }

func parseManageSubject(s string) (siteName, email string, ok bool) {
	return strings.Cut(s, "\n")
}
