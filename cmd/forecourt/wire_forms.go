package main

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"forecourt/internal/cardetail"
	"forecourt/internal/formbuilder"
	"forecourt/internal/formsapi"
	"forecourt/internal/gdpr"
	"forecourt/internal/leads"
	"forecourt/internal/mail"
	"forecourt/internal/store"
)

// formsSettings are the settings of the forms (environment):
//
//	FORMS_SECRET           key of the form tickets (≥ 16 characters); empty: one kept in the store
//	FORMS_MIN_FILL_MS      minimum fill time of a form (default 3000)
//	FORMS_LIMIT_ADDRESS    submissions per client address (default 20/10m)
//	FORMS_LIMIT_RECIPIENT  accepted submissions per recipient mailbox (default 60/1h)
//	JOTFORM_API_KEY        on: form-builder submissions go to the hosted form service
//	JOTFORM_REGION         eu or us (default us)
//	JOTFORM_BASE_URL       replaces the region's API address (tests)
type formsSettings struct {
	secret                 string
	minFill                time.Duration
	addrLimit, rcptLimit   leads.Limit
	jotformKey, jotformRgn string
	jotformBase            string
}

func loadFormsSettings() (formsSettings, error) {
	s := formsSettings{secret: os.Getenv("FORMS_SECRET"), minFill: 3 * time.Second,
		addrLimit: leads.DefaultAddressLimit, rcptLimit: leads.DefaultRecipientLimit,
		jotformKey: os.Getenv("JOTFORM_API_KEY"), jotformBase: os.Getenv("JOTFORM_BASE_URL")}
	if s.secret != "" && len(s.secret) < 16 {
		return s, fmt.Errorf("FORMS_SECRET must be at least 16 characters")
	}
	if v := os.Getenv("FORMS_MIN_FILL_MS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > 600_000 {
			return s, fmt.Errorf("FORMS_MIN_FILL_MS %q: want milliseconds from 0 to 600000", v)
		}
		s.minFill = time.Duration(n) * time.Millisecond
	}
	for _, x := range []struct {
		name string
		dst  *leads.Limit
	}{{"FORMS_LIMIT_ADDRESS", &s.addrLimit}, {"FORMS_LIMIT_RECIPIENT", &s.rcptLimit}} {
		if v := os.Getenv(x.name); v != "" {
			l, err := leads.ParseLimit(v)
			if err != nil {
				return s, fmt.Errorf("%s: %w", x.name, err)
			}
			*x.dst = l
		}
	}
	// The forms take the client address from the server's one trusted-proxy
	// policy (CLIENT_IP_HEADER) like every rate-limited endpoint; the old
	// forms-only switch would now be silently ignored, so it is refused.
	if os.Getenv("FORMS_TRUST_FORWARDED") != "" {
		return s, fmt.Errorf("FORMS_TRUST_FORWARDED is replaced by CLIENT_IP_HEADER=X-Forwarded-For (one proxy policy for every endpoint)")
	}
	rgn, err := formbuilder.ParseRegion(os.Getenv("JOTFORM_REGION"))
	if err != nil {
		return s, err
	}
	s.jotformRgn = rgn
	return s, nil
}

// ticketSecret is FORMS_SECRET, or a random key created once and kept in
// the store, so that every process of the site checks the others' tickets.
func ticketSecret(ctx context.Context, db *store.DB, configured string) ([]byte, error) {
	return storedSecret(ctx, db, "forms.ticket_secret", configured, "form ticket")
}

// storedSecret is a signing key: configured when set, otherwise a random
// 32-byte key created once under kvKey in the store's kv table, so every
// process of one store (and the command-line tools) signs and checks alike.
func storedSecret(ctx context.Context, db *store.DB, kvKey, configured, what string) ([]byte, error) {
	if configured != "" {
		return []byte(configured), nil
	}
	b := make([]byte, 32)
	rand.Read(b)
	err := db.Tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, db.Rebind(`INSERT INTO kv (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) DO NOTHING`),
			kvKey, hex.EncodeToString(b), time.Now().UTC().Format(time.RFC3339))
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store the %s key: %w", what, err)
	}
	var v string
	if err := db.QueryRowContext(ctx, db.Rebind(`SELECT value FROM kv WHERE key = ?`), kvKey).Scan(&v); err != nil {
		return nil, fmt.Errorf("read the %s key: %w", what, err)
	}
	return hex.DecodeString(v)
}

// wireForms plugs in every form (issue 10): the form ticket, the lead forms
// (/api/forms/comhub: car detail, UK finance, sell / trade-in, Norwegian
// service request) and the form builder (/api/jotform, the FormBuilder and
// ServiceRequestForm loaders), all mailing through the shared outbox.
func wireForms(ctx context.Context, w *wiring) error {
	set, err := loadFormsSettings()
	if err != nil {
		return err
	}
	lib, err := formbuilder.Load(w.app.fsys)
	if err != nil {
		return fmt.Errorf("forms: %w", err)
	}
	secret, err := ticketSecret(ctx, w.app.db, set.secret)
	if err != nil {
		return err
	}
	lst := leads.NewStore(w.app.db)
	if n, err := lst.MoveLegacyOutbox(ctx, time.Now()); err != nil {
		w.app.log.Error("moving old lead mails to the shared outbox failed", "err", err)
	} else if n > 0 {
		w.app.log.Info("moved old lead mails to the shared outbox", "mails", n)
		w.mail.Kick()
	}
	var backend formbuilder.Backend = formbuilder.NewStore(w.app.db)
	if set.jotformKey != "" {
		backend = &formbuilder.Jotform{APIKey: set.jotformKey, Region: set.jotformRgn, BaseURL: set.jotformBase, DB: w.app.db}
		w.app.log.Info("form-builder submissions go to the hosted form service", "region", set.jotformRgn)
	}
	// The register that names a sell / trade-in request's car for its
	// instant valuation (the booking's register).
	vp, err := vehicleProvider()
	if err != nil {
		return err
	}
	svc := &formsapi.Service{
		Leads: lst, Forms: lib, Backend: backend,
		Tickets:        &leads.Tickets{Secret: secret, MinFill: set.minFill},
		Limiter:        w.limiter,
		AddressLimit:   set.addrLimit,
		RecipientLimit: set.rcptLimit,
		Cars:           &cardetail.Service{Engine: w.engine, Catalog: w.catalog.Store(), Content: w.app.content, Log: w.app.log},
		Dealers:        w.catalog.Store(),
		Models:         w.catalog.Store(),
		Vehicles:       vp,
		Outbox:         w.mail,
		Log:            w.app.log,
	}
	if u, err := url.Parse(w.app.cfg.PublicURL); err == nil && u.Hostname() != "" {
		svc.ExtraOriginHosts = []string{u.Hostname()}
	}
	w.pages.Register("FormBuilder", lib.Loader())
	w.pages.Register("ServiceRequestForm", svc.ServiceRequestLoader())
	w.deps.Extra = append(w.deps.Extra, svc.Mount)
	return nil
}

// leadsHolder covers the leads of the lead forms.
func leadsHolder(a *app) gdpr.Holder {
	st := leads.NewStore(a.db)
	return gdpr.Holder{Name: "leads",
		Export: func(ctx context.Context, email string) (any, error) { return st.ExportEmail(ctx, email) },
		Erase:  st.EraseEmail}
}

// formSubmissionsHolder covers the submissions of the built forms.
func formSubmissionsHolder(a *app) gdpr.Holder {
	st := formbuilder.NewStore(a.db)
	return gdpr.Holder{Name: "formSubmissions",
		Export: func(ctx context.Context, email string) (any, error) { return st.ExportEmail(ctx, email) },
		Erase:  st.EraseEmail}
}

// mailHolder covers the mails sent to the person (confirmations); the mails
// about a person's leads and bookings go with those records.
func mailHolder(a *app) gdpr.Holder {
	return gdpr.Holder{Name: "mailOutbox",
		Export: func(ctx context.Context, email string) (any, error) {
			m, err := mail.ExportRecipient(ctx, a.db, email)
			if m == nil {
				m = []mail.Message{}
			}
			return m, err
		},
		Erase: func(ctx context.Context, email string) (int, error) { return mail.EraseRecipient(ctx, a.db, email) }}
}

// runLeads is `forecourt leads export|erase --email ADDRESS`.
func runLeads(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fl := newFlags("leads", "GDPR: export (JSON on standard output) or erase one person's data by e-mail address:\n  forecourt leads export --email ADDRESS\n  forecourt leads erase --email ADDRESS\nCovers leads, form submissions, the mail outbox and every store the server wires in.", stderr)
	email := fl.String("email", "", "the person's e-mail address (required)")
	pos, err := parseArgs(fl, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 || (pos[0] != "export" && pos[0] != "erase") {
		fl.Usage()
		return fmt.Errorf("want export or erase")
	}
	if strings.TrimSpace(*email) == "" {
		return fmt.Errorf("--email is required")
	}
	a, err := openApp(ctx, stderr)
	if err != nil {
		return err
	}
	defer a.db.Close()
	var holders []gdpr.Holder
	for _, h := range gdprHolders() {
		holders = append(holders, h(a))
	}
	if pos[0] == "export" {
		out, err := gdpr.ExportAll(ctx, holders, *email)
		if err != nil {
			return err
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	erased, err := gdpr.EraseAll(ctx, holders, *email)
	for _, e := range erased {
		fmt.Fprintf(stdout, "erased %-16s %d\n", e.Holder, e.Count)
	}
	if err != nil {
		return err
	}
	a.log.Info("GDPR erasure done", "holders", len(erased))
	return nil
}
