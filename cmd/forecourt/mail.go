package main

import (
	"context"
	"strconv"

	"forecourt/internal/mail"
	"forecourt/internal/web"
)

// startMailOutbox returns the server's one mail outbox. With SMTP_ADDR
// (host:port) set its worker delivers from SMTP_FROM; without it mails
// are stored and queued until a mail server is configured, and a warning
// says so. The health check reports mails waiting.
func startMailOutbox(ctx context.Context, a *app, deps *web.Deps) *mail.Outbox {
	set := a.cfg.Mail
	ob := mail.NewOutbox(a.db, mail.SMTPMailer{Addr: set.SMTPAddr, From: set.From}, a.log)
	if set.SMTPAddr != "" {
		go ob.Run(ctx)
	} else {
		a.log.Warn("SMTP_ADDR is not set: mails are stored and queued but not sent")
	}
	deps.Health["mail-outbox"] = func(ctx context.Context) string {
		_, unsent, err := mail.State(ctx, a.db)
		if err != nil {
			return "error: " + err.Error()
		}
		if unsent > 0 {
			return "ok (" + strconv.Itoa(unsent) + " mails waiting)"
		}
		return "ok"
	}
	return ob
}
