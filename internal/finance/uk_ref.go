package finance

import (
	"crypto/sha256"
	"encoding/base32"
	"encoding/binary"
	"fmt"
	"math"
	"strings"

	"forecourt/internal/errs"
)

// A quote reference encodes the figures of a quote, so the legal text can be
// worked out again from the reference alone, with nothing stored:
//
//	"FQ" + base32( version | family | term | annual mileage | cash price |
//	               deposit | GFV | rate | option fee | excess mileage | check )
//
// Amounts are pence, the rate basis points; check is the first four bytes of
// SHA-256 over the rest. The check catches mistyped and truncated references;
// it is not a signature: anyone can make a reference for figures of their
// choosing, so a reference is never proof that the dealer offered a quote.
// The same inputs always give the same reference.
const (
	refPrefix  = "FQ"
	refVersion = 1
	refBodyLen = 1 + 1 + 1 + 2 + 4 + 4 + 4 + 2 + 2 + 1
	refLen     = refBodyLen + 4
)

var refEncoding = base32.StdEncoding.WithPadding(base32.NoPadding)

var familyCodes = map[string]byte{FamilyPCP: 1, FamilyHP: 2}

func (f quoteFigures) reference() string {
	b := make([]byte, 0, refLen)
	b = append(b, refVersion, familyCodes[f.family], byte(f.term))
	b = binary.BigEndian.AppendUint16(b, uint16(f.annualMileage))
	b = binary.BigEndian.AppendUint32(b, pence(f.cashPrice))
	b = binary.BigEndian.AppendUint32(b, pence(f.deposit))
	b = binary.BigEndian.AppendUint32(b, pence(f.gfv))
	b = binary.BigEndian.AppendUint16(b, uint16(f.rateBps))
	b = binary.BigEndian.AppendUint16(b, uint16(pence(f.optionFee)))
	b = append(b, byte(f.excessPence))
	sum := sha256.Sum256(b)
	b = append(b, sum[:4]...)
	return refPrefix + refEncoding.EncodeToString(b)
}

func pence(pounds float64) uint32 { return uint32(math.Round(pounds * 100)) }

// parseReference decodes ref. It returns an Invalid error when ref is not
// shaped like a reference and a NotFound error when it is shaped like one
// but is not one this engine made (check or contents wrong).
func parseReference(ref string) (quoteFigures, error) {
	s := strings.ToUpper(strings.TrimSpace(ref))
	body, ok := strings.CutPrefix(s, refPrefix)
	if !ok || s == "" {
		return quoteFigures{}, errs.E(errs.Invalid, "%q is not a quote reference.", ref)
	}
	b, err := refEncoding.DecodeString(body)
	if err != nil || len(b) != refLen {
		return quoteFigures{}, errs.E(errs.Invalid, "%q is not a quote reference.", ref)
	}
	notFound := errs.E(errs.NotFound, "There is no quote with reference %s.", s)
	// The last character also carries unused bits: only the spelling this
	// engine writes is a reference, so a changed last character is not one.
	if refEncoding.EncodeToString(b) != body {
		return quoteFigures{}, notFound
	}
	sum := sha256.Sum256(b[:refBodyLen])
	if string(sum[:4]) != string(b[refBodyLen:]) || b[0] != refVersion {
		return quoteFigures{}, notFound
	}
	f := quoteFigures{term: int(b[2])}
	for k, c := range familyCodes {
		if c == b[1] {
			f.family = k
		}
	}
	f.annualMileage = int(binary.BigEndian.Uint16(b[3:]))
	f.cashPrice = float64(binary.BigEndian.Uint32(b[5:])) / 100
	f.deposit = float64(binary.BigEndian.Uint32(b[9:])) / 100
	f.gfv = float64(binary.BigEndian.Uint32(b[13:])) / 100
	f.rateBps = int(binary.BigEndian.Uint16(b[17:]))
	f.optionFee = float64(binary.BigEndian.Uint16(b[19:])) / 100
	f.excessPence = int(b[21])
	if f.family == "" || f.term == 0 || f.cashPrice <= f.deposit+f.gfv {
		return quoteFigures{}, notFound
	}
	return f, nil
}

// LegalText returns the terms and conditions of the quote with reference
// ref (a QuoteReference from Quote): the representative example worked out
// again from the figures the reference carries, and the conditions of the
// product. It returns an Invalid error for a malformed reference and a
// NotFound error for one this engine did not make.
func LegalText(ref string) (LegalResponse, error) {
	f, err := parseReference(ref)
	if err != nil {
		return LegalResponse{}, err
	}
	w, err := f.work()
	if err != nil {
		return LegalResponse{}, errs.E(errs.NotFound, "There is no quote with reference %s.", ref)
	}
	p, _ := productByKey(f.family)
	m := func(v float64) string { return EnGB.Money(v, 2) }
	var b strings.Builder
	fmt.Fprintf(&b, "%s – quote reference %s.\n\n", p.name, strings.ToUpper(strings.TrimSpace(ref)))
	fmt.Fprintf(&b, "Representative example: cash price %s, customer deposit %s, total amount of credit %s, "+
		"%d monthly payments of %s, ", m(w.cashPrice), m(w.deposit), m(w.credit), w.term, m(w.payment))
	if f.family == FamilyPCP {
		fmt.Fprintf(&b, "optional final payment %s (including an option to purchase fee of %s), ", m(w.finalPayment), m(w.optionFee))
	} else {
		fmt.Fprintf(&b, "option to purchase fee %s with the last payment, ", m(w.optionFee))
	}
	fmt.Fprintf(&b, "total charge for credit %s, total amount payable %s, duration of agreement %d months, "+
		"fixed rate of interest %s per annum, representative APR %s.\n\n",
		m(w.charge), m(w.totalPayable), w.term, EnGB.Percent(float64(w.rateBps)/100, 2), EnGB.Percent(w.apr, 1))
	if f.family == FamilyPCP {
		fmt.Fprintf(&b, "The agreement allows %s miles a year. If the vehicle is returned having been driven more during the agreement, "+
			"an excess mileage charge of %dp per mile applies to the miles above the allowance, and the vehicle must be in good condition for its age. "+
			"At the end of the agreement you may pay the optional final payment to own the vehicle, return it, "+
			"or part-exchange it. You will not own the vehicle until all payments, including the optional final payment, are made.\n\n",
			EnGB.Number(float64(w.annualMileage), 0), w.excessPence)
	} else {
		b.WriteString("You will own the vehicle once all payments, including the option to purchase fee, are made.\n\n")
	}
	b.WriteString("Finance is subject to status and available to UK residents aged 18 and over only. Guarantees and indemnities may be required. " +
		"You may end the agreement early by paying the balance, or hand the vehicle back once half the total amount payable has been paid " +
		"(voluntary termination). Figures are a quote, not an offer of credit, and may change if the vehicle's price, age or mileage changes.")
	return LegalResponse{TermsAndConditions: b.String()}, nil
}
