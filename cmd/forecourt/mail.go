package main

import (
	"context"
	"strconv"

	"forecourt/internal/jobs"
	"forecourt/internal/mail"
	"forecourt/internal/web"
)

// startMailOutbox starts the server's one mail outbox over the job queue
// q (features queue their mails with mail.Queue and the same queue). With SMTP_ADDR (host:port) set this process delivers mails
// from SMTP_FROM (the mail queue's jobs and the sweep); without it mails
// and their jobs are stored and wait until a process with a mail server
// runs, and a warning says so. The health check reports mails waiting.
func startMailOutbox(a *app, deps *web.Deps, q *jobs.Queue) error {
	set := a.cfg.Mail
	ob := mail.NewOutbox(a.db, q, mail.SMTPMailer{Addr: set.SMTPAddr, From: set.From}, a.log)
	if set.SMTPAddr != "" {
		// One delivery at a time per process, in the order they were
		// queued (a lead's mail to the dealer before the visitor's
		// receipt), as the hand-written loop did.
		if err := ob.Register(1); err != nil {
			return err
		}
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
	return nil
}
