// Package testdrive books test drives of the cars in stock: a flow of the
// booking engine (booking.Service) at the car's dealer site's sales
// department ("S-<siteId>"), whose capacity is its salespeople, on a
// 45-minute grid within the department's opening hours. The car itself is
// driven by one customer at a time: the check runs under the department's
// day lock in the booking's own transaction, so two processes booking the
// same car and time never both succeed.
package testdrive

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"forecourt/internal/booking"
	"forecourt/internal/catalog"
	"forecourt/internal/errs"
	"forecourt/internal/mail"
	"forecourt/internal/store"
)

// FlowName is the flow of test-drive bookings (booking.Booking.Flow).
const FlowName = "testdrive"

// WindowDays is how far ahead a test drive is offered (four weeks).
const WindowDays = 28

// DaysPerCall is how many days one days call answers.
const DaysPerCall = 14

// Errors of the flow.
var (
	// ErrCarGone is a car that is sold or no longer in stock.
	ErrCarGone = errs.E(errs.NotFound, "Bilen är såld eller finns inte längre i lager och kan inte provköras.")
	// ErrNoSales is a car whose dealer site takes no test-drive bookings.
	ErrNoSales = errs.E(errs.NotFound, "Bilens anläggning tar inte emot bokningar av provkörning.")
	// ErrCarBusy is a time at which someone else drives the car.
	ErrCarBusy = booking.ErrTimeslotNotAvailable
)

// TestDrives is the test-drive flow over the booking use case.
type TestDrives struct {
	Service *booking.Service
	Cars    *catalog.Store
	db      *store.DB
}

// New returns the flow and registers it with svc.
func New(svc *booking.Service, cars *catalog.Store) (*TestDrives, error) {
	t := &TestDrives{Service: svc, Cars: cars, db: svc.Engine.DB()}
	return t, svc.AddFlow(t.flow())
}

func (t *TestDrives) eng() *booking.Engine { return t.Service.Engine }

// Window is the first and last day a test drive is offered at w.
func (t *TestDrives) Window(w *booking.Workshop) (booking.Date, booking.Date) {
	return t.window(w)
}

func (t *TestDrives) window(w *booking.Workshop) (booking.Date, booking.Date) {
	today := booking.DateOf(t.eng().Now().In(w.Zone))
	return today, today.AddDays(WindowDays - 1)
}

func (t *TestDrives) flow() *booking.Flow {
	return &booking.Flow{
		Name: FlowName, Service: "Provkörning", RebookPath: "/bilar",
		Window: t.window,
		// A staff move or the customer's change keeps the car with one
		// driver: the new time must not meet another test drive of it.
		MovedTx: func(ctx context.Context, tx *sql.Tx, moved booking.Booking) (string, error) {
			site, carID, err := t.carOf(ctx, tx, moved.ID)
			if err != nil {
				return "", err
			}
			if err := t.checkCarFree(ctx, tx, site, carID, moved); err != nil {
				return "", err
			}
			return moved.Customer.Phone, nil
		},
	}
}

// CarOf returns the stock id of the car a test drive b is for (its item
// carries it from Book); false for a booking of another flow.
func CarOf(b booking.Booking) (int64, bool) {
	if b.Flow != FlowName {
		return 0, false
	}
	for _, it := range b.Items {
		if it.Code == FlowName {
			if id, err := strconv.ParseInt(it.UserInput, 10, 64); err == nil && id > 0 {
				return id, true
			}
		}
	}
	return 0, false
}

// Car is a bookable car with its sales department.
type Car struct {
	catalog.Car
	Site  string
	Sales *booking.Workshop
}

// Car returns car id of the forecourt site with its dealer site's sales
// department. Errors: ErrCarGone for a car not in stock; ErrNoSales.
func (t *TestDrives) Car(ctx context.Context, site string, id int64) (Car, error) {
	c, err := t.Cars.Car(ctx, site, id)
	if errs.Is(err, errs.NotFound) {
		return Car{}, ErrCarGone
	}
	if err != nil {
		return Car{}, err
	}
	w, err := t.eng().Directory().SalesOf(c.CarSiteID)
	if err != nil {
		return Car{}, ErrNoSales
	}
	return Car{Car: c, Site: site, Sales: w}, nil
}

// carHeld returns the car's holding test drives on the days from..to,
// except the booking except, as the uses of the car (booking.Job.Held).
func (t *TestDrives) carHeld(ctx context.Context, q querier, site string, carID int64, from, to booking.Date, except string) ([]booking.Use, error) {
	rows, err := q.QueryContext(ctx, t.db.Rebind(`SELECT b.id FROM testdrive_cars c JOIN booking_bookings b ON b.id = c.booking_id
		WHERE c.site_name = ? AND c.car_id = ? AND b.status IN ('booked', 'arrived', 'done') AND b.day >= ? AND b.day <= ? AND b.id <> ?`),
		site, carID, from.String(), to.String(), except)
	if err != nil {
		return nil, errs.Wrap(err, "read the car's test drives")
	}
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return nil, errs.Wrap(err, "read the car's test drives")
		}
		ids = append(ids, id)
	}
	rows.Close()
	out := make([]booking.Use, 0, len(ids))
	for _, id := range ids {
		var b booking.Booking
		if tx, ok := q.(*sql.Tx); ok {
			b, err = t.eng().ByIDTx(ctx, tx, id)
		} else {
			b, err = t.eng().ByID(ctx, id)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, booking.Use{Start: b.Start, Minutes: b.Minutes})
	}
	return out, nil
}

type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

func (t *TestDrives) checkCarFree(ctx context.Context, tx *sql.Tx, site string, carID int64, b booking.Booking) error {
	d, err := booking.ParseDate(b.Day)
	if err != nil {
		return errs.Wrap(err, "booking day")
	}
	held, err := t.carHeld(ctx, tx, site, carID, d, d, b.ID)
	if err != nil {
		return err
	}
	if booking.Meets(held, b.Start, b.Minutes) {
		return ErrCarBusy
	}
	return nil
}

func (t *TestDrives) carOf(ctx context.Context, tx *sql.Tx, bookingID string) (string, int64, error) {
	var site string
	var id int64
	err := tx.QueryRowContext(ctx, t.db.Rebind(`SELECT site_name, car_id FROM testdrive_cars WHERE booking_id = ?`), bookingID).Scan(&site, &id)
	if err != nil {
		return "", 0, errs.Wrap(err, "the car of test drive %s", bookingID)
	}
	return site, id, nil
}

func (t *TestDrives) inWindow(c Car, field string, d booking.Date) error {
	first, last := t.window(c.Sales)
	if d.Before(first) || last.Before(d) {
		msg := fmt.Sprintf("Välj ett datum mellan %s och %s.", first, last)
		return &errs.Error{Code: errs.Invalid, Message: msg, Fields: map[string]string{field: msg}}
	}
	return nil
}

// Days returns up to DaysPerCall days from from (within the four-week
// window) with the car's free starts. Errors: ErrCarGone, ErrNoSales,
// Invalid (field from).
func (t *TestDrives) Days(ctx context.Context, c Car, from booking.Date) ([]booking.DaySlots, error) {
	if err := t.inWindow(c, "from", from); err != nil {
		return nil, err
	}
	_, last := t.window(c.Sales)
	to := from.AddDays(DaysPerCall - 1)
	if last.Before(to) {
		to = last
	}
	held, err := t.carHeld(ctx, t.db, c.Site, c.CarID, from, to, "")
	if err != nil {
		return nil, err
	}
	return t.eng().Days(ctx, c.Sales.DepartmentID, from, to, job(held))
}

// job is a test drive of a car taken at the held times.
func job(held []booking.Use) booking.Job {
	return booking.Job{Minutes: booking.TestDriveMinutes, Held: held}
}

// Slots returns the car's free starts on date. Errors as Days (field date).
func (t *TestDrives) Slots(ctx context.Context, c Car, date booking.Date) (booking.DaySlots, error) {
	if err := t.inWindow(c, "date", date); err != nil {
		return booking.DaySlots{}, err
	}
	held, err := t.carHeld(ctx, t.db, c.Site, c.CarID, date, date, "")
	if err != nil {
		return booking.DaySlots{}, err
	}
	return t.eng().Slots(ctx, c.Sales.DepartmentID, date, job(held))
}

// Order is a customer's test-drive booking.
type Order struct {
	Car            Car
	Start          time.Time
	Customer       booking.Customer
	Message        string
	IdempotencyKey string
	// Origin is the public origin of the site (for the booking page's
	// link); Lang the site's language of the mails and texts.
	Origin, Lang string
}

// Book books the test drive: the sales department's capacity and the car
// itself, checked again under the day's lock, with the confirmation mails
// (calendar file, link to change or cancel) and the confirmation text in
// the same transaction. Errors: the engine's (Invalid timeSlot,
// ErrTimeslotNotAvailable, ErrKeyReused); ErrCarBusy when the car is taken.
func (t *TestDrives) Book(ctx context.Context, o Order) (booking.Booking, error) {
	c := o.Car
	d := booking.DateOf(o.Start.In(c.Sales.Zone))
	if err := t.inWindow(c, "timeSlot", d); err != nil {
		return booking.Booking{}, err
	}
	r := booking.Request{
		Flow: FlowName, DepartmentID: c.Sales.DepartmentID, Start: o.Start, Minutes: booking.TestDriveMinutes,
		IdempotencyKey: o.IdempotencyKey, Customer: o.Customer, Reg: catalog.NormalizeRegno(c.CarRegno),
		Car:      booking.Car{Brand: c.CarBrand, Model: c.CarModel, Year: c.CarYear},
		Items:    []booking.Item{{Code: FlowName, Name: Words(o.Lang).Visit, Units: 1, UserInput: fmt.Sprint(c.CarID)}},
		FreeText: o.Message,
		InTx: func(ctx context.Context, tx *sql.Tx, b booking.Booking) error {
			if _, err := tx.ExecContext(ctx, t.db.Rebind(`INSERT INTO testdrive_cars (booking_id, site_name, car_id) VALUES (?, ?, ?)`),
				b.ID, c.Site, c.CarID); err != nil {
				return errs.Wrap(err, "store the test drive's car")
			}
			return t.checkCarFree(ctx, tx, c.Site, c.CarID, b)
		},
	}
	return t.Service.Book(ctx, r, booking.After{Origin: o.Origin, Lang: o.Lang, Phone: o.Customer.Phone,
		Mails: func(b booking.Booking, link string) ([]mail.Message, error) {
			return ConfirmationMails(b, c, link, o.Lang)
		}})
}

// CancelGone cancels the future test drives of cars of the forecourt site
// that are no longer in stock (sold or removed by an import), each with the
// customer's cancellation mail in the site's language and a text, and
// returns how many it cancelled.
func (t *TestDrives) CancelGone(ctx context.Context, site, origin, lang string) (int, error) {
	now := t.eng().Now().UTC()
	rows, err := t.db.QueryContext(ctx, t.db.Rebind(`SELECT c.booking_id, c.car_id FROM testdrive_cars c
		JOIN booking_bookings b ON b.id = c.booking_id
		WHERE c.site_name = ? AND b.status = 'booked' AND b.day >= ?
		AND NOT EXISTS (SELECT 1 FROM catalog_cars k WHERE k.site_name = c.site_name AND k.car_id = c.car_id)`),
		site, booking.DateOf(now.AddDate(0, 0, -1)).String())
	if err != nil {
		return 0, errs.Wrap(err, "find test drives of cars gone")
	}
	var ids []string
	for rows.Next() {
		var id string
		var car int64
		if err := rows.Scan(&id, &car); err != nil {
			rows.Close()
			return 0, errs.Wrap(err, "find test drives of cars gone")
		}
		ids = append(ids, id)
	}
	rows.Close()
	n := 0
	for _, id := range ids {
		b, err := t.eng().ByID(ctx, id)
		if err != nil {
			return n, err
		}
		if b.Start.Before(now) {
			continue
		}
		_, err = t.Service.Cancel(ctx, id, "", booking.Change{Staff: "system", Origin: origin, Lang: lang, Reason: Words(lang).Gone})
		if err != nil && !errors.Is(err, booking.ErrNotFound) {
			return n, err
		}
		n++
	}
	return n, nil
}

// Texts are the flow's texts in one language.
type Texts struct {
	Visit, Subject, Hello, Thanks, Number, CarL, Time, Dealer, Address, Phone, Email, Message, Calendar, Change, Welcome, Gone string
	Weekdays                                                                                                                   [7]string
	Months                                                                                                                     [13]string
	Clock                                                                                                                      string
}

var words = map[string]Texts{
	"sv": {Visit: "Provkörning", Subject: "Provkörning bokad", Hello: "Hej", Thanks: "Tack för din bokning av en provkörning.",
		Number: "Bokningsnummer", CarL: "Bil", Time: "Tid", Dealer: "Anläggning", Address: "Adress", Phone: "Telefon", Email: "E-post",
		Message: "Ditt meddelande", Calendar: "Kalenderfilen i mejlet lägger in provkörningen i din kalender. Ta med ditt körkort.",
		Change: "Behöver du ändra tid eller avboka? Gör det här", Welcome: "Välkommen!",
		Gone:     "Bilen är såld eller finns inte längre i lager, så provkörningen är avbokad.",
		Weekdays: [7]string{"söndag", "måndag", "tisdag", "onsdag", "torsdag", "fredag", "lördag"},
		Months:   [13]string{"", "januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti", "september", "oktober", "november", "december"},
		Clock:    "kl."},
	"en": {Visit: "Test drive", Subject: "Test drive booked", Hello: "Hello", Thanks: "Thank you for booking a test drive.",
		Number: "Booking number", CarL: "Car", Time: "Time", Dealer: "Dealership", Address: "Address", Phone: "Phone", Email: "E-mail",
		Message: "Your message", Calendar: "The calendar file in this e-mail adds the test drive to your calendar. Bring your driving licence.",
		Change: "Need to change the time or cancel? Do it here", Welcome: "Welcome!",
		Gone:     "The car has been sold or is no longer in stock, so the test drive is cancelled.",
		Weekdays: [7]string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"},
		Months:   [13]string{"", "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"},
		Clock:    "at"},
	"nb": {Visit: "Prøvekjøring", Subject: "Prøvekjøring bestilt", Hello: "Hei", Thanks: "Takk for at du bestilte en prøvekjøring.",
		Number: "Bestillingsnummer", CarL: "Bil", Time: "Tid", Dealer: "Forhandler", Address: "Adresse", Phone: "Telefon", Email: "E-post",
		Message: "Din melding", Calendar: "Kalenderfilen i e-posten legger prøvekjøringen inn i kalenderen din. Ta med førerkortet.",
		Change: "Må du endre tid eller avbestille? Gjør det her", Welcome: "Velkommen!",
		Gone:     "Bilen er solgt eller finnes ikke lenger på lager, så prøvekjøringen er avbestilt.",
		Weekdays: [7]string{"søndag", "mandag", "tirsdag", "onsdag", "torsdag", "fredag", "lørdag"},
		Months:   [13]string{"", "januar", "februar", "mars", "april", "mai", "juni", "juli", "august", "september", "oktober", "november", "desember"},
		Clock:    "kl."},
	"da": {Visit: "Prøvetur", Subject: "Prøvetur booket", Hello: "Hej", Thanks: "Tak for din booking af en prøvetur.",
		Number: "Bookingnummer", CarL: "Bil", Time: "Tid", Dealer: "Forhandler", Address: "Adresse", Phone: "Telefon", Email: "E-mail",
		Message: "Din besked", Calendar: "Kalenderfilen i mailen lægger prøveturen i din kalender. Husk dit kørekort.",
		Change: "Skal du ændre tid eller aflyse? Gør det her", Welcome: "Velkommen!",
		Gone:     "Bilen er solgt eller findes ikke længere på lager, så prøveturen er aflyst.",
		Weekdays: [7]string{"søndag", "mandag", "tirsdag", "onsdag", "torsdag", "fredag", "lørdag"},
		Months:   [13]string{"", "januar", "februar", "marts", "april", "maj", "juni", "juli", "august", "september", "oktober", "november", "december"},
		Clock:    "kl."},
	"fi": {Visit: "Koeajo", Subject: "Koeajo varattu", Hello: "Hei", Thanks: "Kiitos koeajovarauksestasi.",
		Number: "Varausnumero", CarL: "Auto", Time: "Aika", Dealer: "Toimipiste", Address: "Osoite", Phone: "Puhelin", Email: "Sähköposti",
		Message: "Viestisi", Calendar: "Viestin kalenteritiedosto lisää koeajon kalenteriisi. Ota ajokortti mukaan.",
		Change: "Haluatko muuttaa aikaa tai perua? Tee se täällä", Welcome: "Tervetuloa!",
		Gone:     "Auto on myyty tai se ei ole enää varastossa, joten koeajo on peruttu.",
		Weekdays: [7]string{"sunnuntai", "maanantai", "tiistai", "keskiviikko", "torstai", "perjantai", "lauantai"},
		Months:   [13]string{"", "tammikuuta", "helmikuuta", "maaliskuuta", "huhtikuuta", "toukokuuta", "kesäkuuta", "heinäkuuta", "elokuuta", "syyskuuta", "lokakuuta", "marraskuuta", "joulukuuta"},
		Clock:    "klo"},
	"sk": {Visit: "Testovacia jazda", Subject: "Testovacia jazda rezervovaná", Hello: "Dobrý deň", Thanks: "Ďakujeme za rezerváciu testovacej jazdy.",
		Number: "Číslo rezervácie", CarL: "Auto", Time: "Čas", Dealer: "Predajňa", Address: "Adresa", Phone: "Telefón", Email: "E-mail",
		Message: "Vaša správa", Calendar: "Súbor kalendára v e-maile pridá testovaciu jazdu do vášho kalendára. Vezmite si vodičský preukaz.",
		Change: "Potrebujete zmeniť čas alebo zrušiť? Urobte to tu", Welcome: "Tešíme sa na vás!",
		Gone:     "Auto je predané alebo už nie je na sklade, preto je testovacia jazda zrušená.",
		Weekdays: [7]string{"nedeľa", "pondelok", "utorok", "streda", "štvrtok", "piatok", "sobota"},
		Months:   [13]string{"", "januára", "februára", "marca", "apríla", "mája", "júna", "júla", "augusta", "septembra", "októbra", "novembra", "decembra"},
		Clock:    "o"},
}

// Words returns the texts of lang (English for a language without them).
func Words(lang string) Texts {
	if w, ok := words[strings.ToLower(lang)]; ok {
		return w
	}
	return words["en"]
}

// When writes the start in lang: "måndag 30 november 2026 kl. 10:00".
func When(b booking.Booking, loc *time.Location, lang string) string {
	w := Words(lang)
	t := b.Start.In(loc)
	return fmt.Sprintf("%s %d %s %d %s %s", w.Weekdays[t.Weekday()], t.Day(), w.Months[t.Month()], t.Year(), w.Clock, t.Format("15:04"))
}

// ConfirmationMails are the customer's confirmation (calendar file, the
// link to change or cancel) in the site's language and the sales
// department's copy in Swedish.
func ConfirmationMails(b booking.Booking, c Car, manageURL, lang string) ([]mail.Message, error) {
	w := c.Sales
	wd := Words(lang)
	ics, err := booking.CalendarFile(b, w, booking.InviteOf(b, w, wd.Visit, manageURL))
	if err != nil {
		return nil, err
	}
	att := []mail.Attachment{{Name: "invite.ics", ContentType: booking.CalendarContentType(false), Data: ics}}
	car := strings.TrimSpace(fmt.Sprintf("%s %s %d", c.CarBrand, c.CarModel, c.CarYear))
	when := When(b, w.Zone, lang)
	var t strings.Builder
	fmt.Fprintf(&t, "%s %s!\n\n%s\n\n", wd.Hello, b.Customer.FirstName, wd.Thanks)
	fmt.Fprintf(&t, "%s: %s\n%s: %s, %s\n%s: %s\n%s: %s\n%s: %s\n%s: %s\n%s: %s\n",
		wd.Number, b.ID, wd.CarL, car, b.Reg, wd.Time, when, wd.Dealer, w.SiteName, wd.Address, w.Address(),
		wd.Phone, w.Phone, wd.Email, w.Email)
	if b.FreeText != "" {
		fmt.Fprintf(&t, "\n%s: %s\n", wd.Message, b.FreeText)
	}
	fmt.Fprintf(&t, "\n%s\n%s: %s\n\n%s\n%s\n", wd.Calendar, wd.Change, manageURL, wd.Welcome, w.SiteName)
	ref := "booking:" + b.ID
	out := []mail.Message{}
	if b.Customer.Email != "" {
		m := mail.Message{To: b.Customer.Email, Subject: fmt.Sprintf("%s %s – %s", wd.Subject, b.ID, when), Text: t.String(),
			Attachments: att, Kind: "testdrive", Ref: ref}
		if w.Email != "" {
			m.Headers = map[string]string{"Reply-To": w.Email}
		}
		out = append(out, m)
	}
	if w.Email != "" {
		sv := When(b, w.Zone, "sv")
		var s strings.Builder
		fmt.Fprintf(&s, "Ny provkörning via webben.\n\nBokningsnummer: %s\nTid: %s\nBil: %s, %s (id %d)\nKund: %s %s\nTelefon: %s\nE-post: %s\n",
			b.ID, sv, car, b.Reg, c.CarID, b.Customer.FirstName, b.Customer.LastName, b.Customer.Phone, b.Customer.Email)
		if b.FreeText != "" {
			fmt.Fprintf(&s, "\nMeddelande från kunden: %s\n", b.FreeText)
		}
		out = append(out, mail.Message{To: w.Email, Subject: fmt.Sprintf("Ny provkörning %s: %s %s", b.ID, b.Reg, sv), Text: s.String(),
			Headers: map[string]string{"Reply-To": b.Customer.Email}, Attachments: att, Kind: "testdrive", Ref: ref})
	}
	return out, nil
}
