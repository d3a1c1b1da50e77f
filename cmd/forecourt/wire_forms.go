package main

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"forecourt/internal/cardetail"
	"forecourt/internal/forms"
	"forecourt/internal/forms/builder"
	"forecourt/internal/forms/formsapi"
	"forecourt/internal/forms/leads"
	"forecourt/internal/gdpr"
	"forecourt/internal/mail"
	"forecourt/internal/store"
)

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

// wireForms plugs in every form: the form ticket, the lead forms
// (/api/forms/comhub: car detail, UK finance, sell / trade-in, Norwegian
// service request) and the form builder (/api/jotform, the FormBuilder and
// ServiceRequestForm loaders), all mailing through the shared outbox.
func wireForms(ctx context.Context, w *wiring) error {
	set := w.app.cfg.Forms
	lib, err := builder.Load(w.app.fsys)
	if err != nil {
		return fmt.Errorf("forms: %w", err)
	}
	secret, err := ticketSecret(ctx, w.app.db, set.Secret)
	if err != nil {
		return err
	}
	lst := leads.NewStore(w.app.db)
	lst.Jobs = w.jobs
	if n, err := lst.MoveLegacyOutbox(ctx, time.Now()); err != nil {
		w.app.log.Error("moving old lead mails to the shared outbox failed", "err", err)
	} else if n > 0 {
		w.app.log.Info("moved old lead mails to the shared outbox", "mails", n)
	}
	bst := builder.NewStore(w.app.db)
	bst.Jobs = w.jobs
	var backend builder.Backend = bst
	if set.JotformKey != "" {
		backend = &builder.Jotform{APIKey: set.JotformKey, Region: set.JotformRegion, BaseURL: set.JotformBaseURL, DB: w.app.db}
		w.app.log.Info("form-builder submissions go to the hosted form service", "region", set.JotformRegion)
	}
	// The register that names a sell / trade-in request's car for its
	// instant valuation (the booking's register).
	vp := vehicleProvider(w.app.cfg.Vehicles)
	svc := &formsapi.Service{
		Leads: lst, Forms: lib, Backend: backend,
		Tickets:        &forms.Tickets{Secret: secret, MinFill: set.MinFill},
		Limiter:        w.limiter,
		AddressLimit:   set.AddressLimit,
		RecipientLimit: set.RecipientLimit,
		Cars:           &cardetail.Service{Engine: w.engine, Catalog: w.catalog.Store(), Content: w.app.content, Log: w.app.log},
		Dealers:        w.catalog.Store(),
		Models:         w.catalog.Store(),
		Vehicles:       vp,
		Log:            w.app.log,
	}
	w.pages.Register("FormBuilder", lib.Loader())
	w.pages.Register("ServiceRequestForm", svc.ServiceRequestLoader())
	w.deps.Routes = append(w.deps.Routes, svc.Routes()...)
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
	st := builder.NewStore(a.db)
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
