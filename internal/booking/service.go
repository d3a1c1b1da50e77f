package booking

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"forecourt/internal/errs"
	"forecourt/internal/mail"
	"forecourt/internal/vehicles"
)

// Service is the booking use case over the Engine: it books, moves and
// cancels, and runs what follows each of them (the mails with their
// calendar files, the text messages, the owner reminders) inside the
// change's own transaction, through the mail outbox and the job queue, so
// the steps exist exactly when the change does. The service booking, the
// tyre hotel's wheel changes, the customers' booking page and the
// workshop's staff all change bookings through it; HTTP adapters only
// decode, convert and map errors.
type Service struct {
	Engine *Engine
	// Links signs the links to a booking's page (its mails carry one).
	Links *Links
	// SMS schedules a booking's text messages in a transaction; nil: none.
	SMS SMS
	// Reminders stores the owner's reminder opt-in and cancels a booking's
	// reminders; nil: none.
	Reminders Reminders

	mu    sync.RWMutex
	flows map[string]*Flow
}

// SMS schedules the text messages of a booking (bookingsms.Service).
type SMS interface {
	// ScheduleTx schedules the message of kind (SMSConfirm, SMSMoved,
	// SMSCancelled) to the number to, when it is a mobile number of
	// country, in the site's language lang.
	ScheduleTx(ctx context.Context, tx *sql.Tx, b Booking, kind, to, country, lang string) error
}

// Kinds of text message (the same names as bookingsms' kinds).
const (
	SMSConfirm   = "confirm"
	SMSMoved     = "moved"
	SMSCancelled = "cancelled"
)

// Reminders are the owner reminders a booking can opt in to
// (reminders.Service).
type Reminders interface {
	RemindTx(ctx context.Context, tx *sql.Tx, b Booking, origin string) error
	CancelBookingTx(ctx context.Context, tx *sql.Tx, bookingID string) error
}

// Flow is what one booking flow (FlowService, FlowWheelChange) adds to
// moves and cancellations of its bookings.
type Flow struct {
	// Name is the flow's id (Booking.Flow).
	Name string
	// Service names the visit in mails, calendar files and on the booking
	// page ("Verkstadsbesök", "Hjulskifte med däckhotell").
	Service string
	// RebookPath is where a customer books anew ("/boka-service").
	RebookPath string
	// Window is the first and last local day a customer may move a booking
	// of the flow to at w: the same horizon its booking offers.
	Window func(w *Workshop) (first, last Date)
	// MovedTx keeps the flow's own records in step with a move (in the
	// moving transaction) and returns the number its text messages go to;
	// nil: no records, the booking's own phone.
	MovedTx func(ctx context.Context, tx *sql.Tx, moved Booking) (phone string, err error)
	// PhoneTx is the number a flow's text messages go to on a cancellation;
	// nil: the booking's own phone.
	PhoneTx func(ctx context.Context, tx *sql.Tx, b Booking) (string, error)
}

// NewService returns the use case over e, with the service booking's flow.
func NewService(e *Engine, links *Links) *Service {
	s := &Service{Engine: e, Links: links}
	s.AddFlow(&Flow{Name: FlowService, Service: VisitName, RebookPath: "/boka-service",
		Window: func(w *Workshop) (Date, Date) {
			today := DateOf(e.Now().In(w.Zone))
			return today, today.AddDays(ServiceHorizonDays - 1)
		}})
	return s
}

// AddFlow registers a flow. Errors: Internal for a flow added twice.
func (s *Service) AddFlow(f *Flow) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.flows == nil {
		s.flows = map[string]*Flow{}
	}
	if s.flows[f.Name] != nil {
		return errs.E(errs.Internal, "booking flow %q added twice", f.Name)
	}
	s.flows[f.Name] = f
	return nil
}

// FlowOf returns the flow of b. Errors: Internal for an unknown flow.
func (s *Service) FlowOf(b Booking) (*Flow, error) {
	s.mu.RLock()
	f, ok := s.flows[b.Flow]
	s.mu.RUnlock()
	if !ok {
		return nil, errs.E(errs.Internal, "no flow %q", b.Flow)
	}
	return f, nil
}

// Change is who changes a booking and what the steps after it need: the
// public origin for links in mails and the site's language.
type Change struct {
	Origin string
	Lang   string
	// Staff is the workshop account making the change; "" is the customer.
	Staff string
	// Reason is why the workshop cancelled (shown to the customer).
	Reason string
}

// ManageURL is a fresh link to b's page.
func (s *Service) ManageURL(origin string, b Booking) (string, error) {
	if s.Links == nil {
		return "", nil
	}
	return s.Links.URL(origin, b)
}

// After is what follows a new booking in its transaction: the mails
// (made with the link to the booking's page), the confirmation text to
// Phone, and the owner reminder when Remind.
type After struct {
	Origin, Lang string
	Mails        func(b Booking, manageURL string) ([]mail.Message, error)
	Phone        string
	Remind       bool
}

// Book books r and runs r.InTx (the flow's own records) and then the
// steps of after in the booking's transaction; an error of any undoes the
// booking. A replay (same idempotency key) runs nothing again.
func (s *Service) Book(ctx context.Context, r Request, after After) (Booking, error) {
	own := r.InTx
	r.InTx = func(ctx context.Context, tx *sql.Tx, b Booking) error {
		if own != nil {
			if err := own(ctx, tx, b); err != nil {
				return err
			}
		}
		w, err := s.Engine.Workshop(b.DepartmentID)
		if err != nil {
			return err
		}
		if after.Mails != nil {
			link, err := s.ManageURL(after.Origin, b)
			if err != nil {
				return err
			}
			msgs, err := after.Mails(b, link)
			if err != nil {
				return err
			}
			if err := s.Engine.queueAll(ctx, tx, msgs); err != nil {
				return err
			}
		}
		if s.SMS != nil && after.Phone != "" {
			if err := s.SMS.ScheduleTx(ctx, tx, b, SMSConfirm, after.Phone, w.Country, after.Lang); err != nil {
				return err
			}
		}
		if after.Remind && s.Reminders != nil {
			return s.Reminders.RemindTx(ctx, tx, b, after.Origin)
		}
		return nil
	}
	b, err := s.Engine.Book(ctx, r)
	if err != nil {
		return Booking{}, err
	}
	return b, nil
}

// Move moves a booking (MoveRequest) and, in the moving transaction, keeps
// the flow's records in step and queues the change mails with the updated
// calendar file (same UID, higher SEQUENCE) and the text message. A
// customer's move (c.Staff empty) stays inside the flow's window; the
// workshop's may go to any free time ahead.
func (s *Service) Move(ctx context.Context, r MoveRequest, c Change) (Booking, error) {
	cur, err := s.current(ctx, r.ID, r.Token, c)
	if err != nil {
		return Booking{}, err
	}
	f, err := s.FlowOf(cur)
	if err != nil {
		return Booking{}, err
	}
	w, err := s.Engine.Workshop(cur.DepartmentID)
	if err != nil {
		return Booking{}, err
	}
	if c.Staff == "" && f.Window != nil {
		r.First, r.Last = f.Window(w)
	}
	r.Staff = c.Staff != ""
	r.InTx = func(ctx context.Context, tx *sql.Tx, old, moved Booking) error {
		phone := moved.Customer.Phone
		if f.MovedTx != nil {
			if phone, err = f.MovedTx(ctx, tx, moved); err != nil {
				return err
			}
		}
		link, err := s.ManageURL(c.Origin, moved)
		if err != nil {
			return err
		}
		var msgs []mail.Message
		if c.Staff != "" {
			msgs, err = StaffChangeMails(old, moved, w, f.Service, link, c.Lang)
		} else {
			msgs, err = ChangeMails(old, moved, w, f.Service, link)
		}
		if err != nil {
			return err
		}
		if err := s.Engine.queueAll(ctx, tx, msgs); err != nil {
			return err
		}
		if s.SMS != nil {
			return s.SMS.ScheduleTx(ctx, tx, moved, SMSMoved, phone, w.Country, c.Lang)
		}
		return nil
	}
	moved, err := s.Engine.Move(ctx, r)
	if err != nil {
		return Booking{}, err
	}
	return moved, nil
}

// current reads the booking a change is about: with its cancel token for
// a customer, without one for the workshop's staff (whose access the
// caller checked).
func (s *Service) current(ctx context.Context, id, token string, c Change) (Booking, error) {
	if c.Staff != "" {
		return s.Engine.ByID(ctx, id)
	}
	return s.Engine.Get(ctx, id, token)
}

// Cancel cancels the booking id (token: its cancel token; none for the
// workshop's staff, c.Staff) and, only when this call cancels it, queues
// the cancellation mails (a calendar file that removes the event) and
// cancels its reminders in the same transaction; the workshop's
// cancellation gives its reason and sends a text message too. Cancelling a
// cancelled booking answers it unchanged.
func (s *Service) Cancel(ctx context.Context, id, token string, c Change) (Booking, error) {
	b, err := s.Engine.cancel(ctx, cancelRequest{ID: id, Token: token, Staff: c.Staff != "", Reason: c.Reason},
		func(ctx context.Context, tx *sql.Tx, b Booking) error {
			f, err := s.FlowOf(b)
			if err != nil {
				return err
			}
			w, err := s.Engine.Workshop(b.DepartmentID)
			if err != nil {
				return err
			}
			var msgs []mail.Message
			if c.Staff != "" {
				msgs, err = StaffCancellationMails(b, w, f.Service, c.Origin+f.RebookPath, c.Reason, c.Lang)
			} else {
				msgs, err = CancellationMails(b, w, f.Service, c.Origin+f.RebookPath)
			}
			if err != nil {
				return err
			}
			if err := s.Engine.queueAll(ctx, tx, msgs); err != nil {
				return err
			}
			if s.Reminders != nil {
				if err := s.Reminders.CancelBookingTx(ctx, tx, b.ID); err != nil {
					return err
				}
			}
			if c.Staff != "" && s.SMS != nil {
				phone := b.Customer.Phone
				if f.PhoneTx != nil {
					if phone, err = f.PhoneTx(ctx, tx, b); err != nil {
						return err
					}
				}
				return s.SMS.ScheduleTx(ctx, tx, b, SMSCancelled, phone, w.Country, c.Lang)
			}
			return nil
		})
	if err != nil {
		return Booking{}, err
	}
	return b, nil
}

// HorizonWeeks is how far ahead the service booking books (its calendar's
// 12 weeks, MAX_WEEKS in week-calendar.tsx): a booking beyond it is
// refused and a customer's change of time stays inside it.
const HorizonWeeks = 12

// ServiceHorizonDays is HorizonWeeks in days.
const ServiceHorizonDays = HorizonWeeks * 7

// LastBookable is the last day of the service booking's horizon at w.
func (s *Service) LastBookable(w *Workshop) Date {
	return DateOf(s.Engine.Now().In(w.Zone)).AddDays(ServiceHorizonDays - 1)
}

// Choice is one offering a customer chose for a service booking.
type Choice struct {
	Code      string
	Units     int // 0: the offering's least
	UserInput string
}

// ServiceItems applies the service booking's rules to the chosen
// offerings of car v at workshop w: each at most once, units within the
// offering's range, a message where the offering asks for one, only
// offerings the car can have, priced for the car, mileage and workshop,
// and a workshop that can do them all. Problems are added to f under the
// request's field names (serviceOfferingRequests[i]…). It returns the
// booked items and the job's mechanic minutes.
func (s *Service) ServiceItems(w *Workshop, v vehicles.Vehicle, mileage int, choices []Choice, f errs.FieldErrors) ([]Item, int) {
	var items []Item
	var codes []string
	var units []int
	seen := map[string]bool{}
	authorised := s.authorisedAnywhere(v.Brand)
	for i, o := range choices {
		field := "serviceOfferingRequests[" + strconv.Itoa(i) + "]"
		if seen[o.Code] {
			f.Add(field, "tjänsten finns redan i bokningen")
			continue
		}
		seen[o.Code] = true
		lo, hi := UnitRange(o.Code)
		u := o.Units
		if u == 0 {
			u = lo
		}
		if u < lo || u > hi {
			f.Add(field+".unitsSelected", "antal "+strconv.Itoa(lo)+"–"+strconv.Itoa(hi))
		}
		input := strings.TrimSpace(o.UserInput)
		if AllowsUserInput(o.Code) {
			if input == "" {
				f.Add(field+".userInput", "Ange meddelande")
			}
			if utf8.RuneCountInString(input) > 80 {
				f.Add(field+".userInput", "Högst 80 tecken")
			}
		} else {
			input = ""
		}
		name := OfferingName(o.Code)
		if !Available(o.Code, v, authorised) {
			f.Add(field, name+" är inte tillgänglig för denna bilmodell")
		}
		price, _ := PriceOf(o.Code, v, mileage, w)
		items = append(items, Item{Code: o.Code, Name: name, Units: u, UserInput: input,
			Price: price.Price, PriceKnown: price.PriceKnown, Discount: price.PriceDiscount})
		codes = append(codes, o.Code)
		units = append(units, u)
	}
	if len(f) == 0 && !CanDo(w, v, codes) {
		f.Add("departmentId", "verkstaden kan inte utföra alla valda tjänster på bilen")
	}
	return items, JobMinutes(codes, units)
}

// authorisedAnywhere reports whether any workshop is authorised for brand.
func (s *Service) authorisedAnywhere(brand string) bool {
	for _, w := range s.Engine.Directory().All("") {
		if w.HasBrand(brand) {
			return true
		}
	}
	return false
}

// ServiceOrder is a service booking: the engine's request (its items from
// ServiceItems) for the car, with the customer's reminder opt-in and the
// public origin and language of the site it was made on.
type ServiceOrder struct {
	Request
	Vehicle      vehicles.Vehicle
	Remind       bool
	Origin, Lang string
}

// BookService books a service visit with its steps: the customer's
// confirmation and the workshop's copy (with the calendar file and the
// link to the booking's page), the confirmation text and, when asked, the
// owner reminder, all in the booking's transaction.
func (s *Service) BookService(ctx context.Context, o ServiceOrder) (Booking, error) {
	w, err := s.Engine.Workshop(o.DepartmentID)
	if err != nil {
		return Booking{}, err
	}
	o.Flow = FlowService
	return s.Book(ctx, o.Request, After{Origin: o.Origin, Lang: o.Lang, Phone: o.Customer.Phone, Remind: o.Remind,
		Mails: func(b Booking, link string) ([]mail.Message, error) { return ConfirmationMails(b, w, o.Vehicle, link) }})
}
