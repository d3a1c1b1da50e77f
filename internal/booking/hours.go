package booking

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"forecourt/internal/errs"
	"forecourt/internal/mail"
)

// A workshop's opening hours and capacity per weekday and its closures
// live in the store (booking_hours, booking_closures): seeded from the
// dealer site's schedule and the demo capacity (SeedHours), edited by the
// workshop's staff, and read by every availability question, so a change
// takes effect on what customers can book at once, in every process.
// Holidays and the dealer site's deviation days still close a day as
// before (Workshop.Hours).

// WeekdayHours is one weekday of a department's week: Weekday 1 is Monday
// … 7 Sunday; Open and Close are local "HH:MM" ("" for a closed weekday);
// Capacity is the jobs that can run at once (bays).
type WeekdayHours struct {
	Weekday  int    `json:"weekday"`
	Open     string `json:"open"`
	Close    string `json:"close"`
	Capacity int    `json:"capacity"`
}

// Closure blocks the workshop from From to To (local wall clock,
// "YYYY-MM-DDTHH:MM:SS"; a whole day is 00:00 to the next day's 00:00).
type Closure struct {
	ID           string `json:"id"`
	DepartmentID string `json:"department"`
	From         string `json:"from"`
	To           string `json:"to"`
	Reason       string `json:"reason"`
	CreatedBy    string `json:"createdBy"`
	from, to     time.Time
}

// Limits of the hours and closures.
const (
	MaxCapacity        = 50  // jobs at once
	MaxClosureDays     = 366 // one closure's length
	MaxClosures        = 200 // closures of a department that have not ended
	MaxClosureReason   = 200 // characters
	closureLayout      = "2006-01-02T15:04:05"
	clockLayout        = "15:04"
	dayMinutesPercent  = 85 // of a bay's open time is bookable mechanic time
	minutesGranularity = 5
)

// week is a department's stored week, by time.Weekday.
type week struct {
	spans   [7][]Span
	bays    [7]int
	minutes [7]int
}

// weekdayOf turns 1 (Monday) … 7 (Sunday) into time.Weekday.
func weekdayOf(n int) time.Weekday { return time.Weekday(n % 7) }

// SeedHours stores the week of every workshop of the directory that has
// none yet: its schedule's hours, and per open weekday its bays and day
// minutes (so availability is what it was before the week was stored).
// It is safe to run on every start and by several processes at once.
func (e *Engine) SeedHours(ctx context.Context) (int, error) {
	have := map[string]bool{}
	rows, err := e.db.QueryContext(ctx, `SELECT DISTINCT department_id FROM booking_hours`)
	if err != nil {
		return 0, errs.Wrap(err, "read stored hours")
	}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return 0, errs.Wrap(err, "read stored hours")
		}
		have[id] = true
	}
	rows.Close()
	n := 0
	now := e.timeArg(e.Now())
	for _, w := range e.dir.Departments("") {
		if have[w.DepartmentID] {
			continue
		}
		err := e.db.Tx(ctx, func(tx *sql.Tx) error {
			for wd := 1; wd <= 7; wd++ {
				spans := w.Week[weekdayOf(wd)]
				open, close := 0, 0
				if len(spans) > 0 {
					open, close = spans[0].From, spans[len(spans)-1].To
				}
				q := `INSERT INTO booking_hours (department_id, weekday, open_min, close_min, capacity, day_minutes, updated_at)
					VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`
				if _, err := tx.ExecContext(ctx, e.db.Rebind(q), w.DepartmentID, wd, open, close, w.Capacity.Bays, w.Capacity.DayMinutes, now); err != nil {
					return errs.Wrap(err, "seed hours of %s", w.DepartmentID)
				}
			}
			return nil
		})
		if err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// weeks reads the stored weeks of the departments.
func (e *Engine) weeks(ctx context.Context, q querier, ids []string) (map[string]*week, error) {
	out := map[string]*week{}
	if len(ids) == 0 {
		return out, nil
	}
	args := make([]any, len(ids))
	marks := make([]string, len(ids))
	for i, id := range ids {
		args[i], marks[i] = id, "?"
	}
	rows, err := q.QueryContext(ctx, e.db.Rebind(`SELECT department_id, weekday, open_min, close_min, capacity, day_minutes FROM booking_hours
		WHERE department_id IN (`+strings.Join(marks, ", ")+`)`), args...)
	if err != nil {
		return nil, errs.Wrap(err, "read hours")
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var wd, open, close, bays, minutes int
		if err := rows.Scan(&id, &wd, &open, &close, &bays, &minutes); err != nil {
			return nil, errs.Wrap(err, "read hours")
		}
		w := out[id]
		if w == nil {
			w = &week{}
			out[id] = w
		}
		d := weekdayOf(wd)
		if close > open {
			w.spans[d] = []Span{{open, close}}
		}
		w.bays[d], w.minutes[d] = bays, minutes
	}
	return out, errs.Wrap(rows.Err(), "read hours")
}

// closures reads the closures of the departments that overlap the local
// days from..to.
func (e *Engine) closures(ctx context.Context, q querier, ids []string, from, to Date) (map[string][]Closure, error) {
	out := map[string][]Closure{}
	if len(ids) == 0 {
		return out, nil
	}
	args := []any{to.AddDays(1).String() + "T00:00:00", from.String() + "T00:00:00"}
	marks := make([]string, len(ids))
	for i, id := range ids {
		args = append(args, id)
		marks[i] = "?"
	}
	rows, err := q.QueryContext(ctx, e.db.Rebind(`SELECT id, department_id, starts_at, ends_at, reason, created_by FROM booking_closures
		WHERE starts_at < ? AND ends_at > ? AND department_id IN (`+strings.Join(marks, ", ")+`) ORDER BY starts_at, id`), args...)
	if err != nil {
		return nil, errs.Wrap(err, "read closures")
	}
	defer rows.Close()
	for rows.Next() {
		var c Closure
		if err := rows.Scan(&c.ID, &c.DepartmentID, &c.From, &c.To, &c.Reason, &c.CreatedBy); err != nil {
			return nil, errs.Wrap(err, "read closures")
		}
		if err := c.parse(); err != nil {
			return nil, err
		}
		out[c.DepartmentID] = append(out[c.DepartmentID], c)
	}
	return out, errs.Wrap(rows.Err(), "read closures")
}

func (c *Closure) parse() error {
	var err1, err2 error
	c.from, err1 = time.Parse(closureLayout, c.From)
	c.to, err2 = time.Parse(closureLayout, c.To)
	if err1 != nil || err2 != nil {
		return errs.E(errs.Internal, "stored closure %s has a bad time", c.ID)
	}
	return nil
}

// operating returns the workshops of ids as they operate on the days
// from..to: the directory's workshop with its stored week and the closures
// of those days. Unknown departments are left out.
func (e *Engine) operating(ctx context.Context, q querier, ids []string, from, to Date) (map[string]*Workshop, error) {
	known := make([]string, 0, len(ids))
	out := make(map[string]*Workshop, len(ids))
	for _, id := range ids {
		if w, err := e.dir.Workshop(id); err == nil {
			cp := *w
			out[id] = &cp
			known = append(known, id)
		}
	}
	weeks, err := e.weeks(ctx, q, known)
	if err != nil {
		return nil, err
	}
	closures, err := e.closures(ctx, q, known, from, to)
	if err != nil {
		return nil, err
	}
	for id, w := range out {
		if wk := weeks[id]; wk != nil {
			w.Week = wk.spans
			w.weekBays, w.weekMinutes, w.stored = wk.bays, wk.minutes, true
		}
		w.Closures = closures[id]
	}
	return out, nil
}

// Operating returns the workshops of ids as they operate on the days
// from..to (their stored week and the closures of those days); unknown
// departments are left out.
func (e *Engine) Operating(ctx context.Context, ids []string, from, to Date) (map[string]*Workshop, error) {
	return e.operating(ctx, e.db, ids, from, to)
}

// workshopOn is operating for one department. Errors: ErrUnknownDepartment.
func (e *Engine) workshopOn(ctx context.Context, q querier, id string, from, to Date) (*Workshop, error) {
	ws, err := e.operating(ctx, q, []string{id}, from, to)
	if err != nil {
		return nil, err
	}
	w, ok := ws[id]
	if !ok {
		return nil, ErrUnknownDepartment
	}
	return w, nil
}

// capacityOn is the workshop's capacity on d: the stored weekday's bays
// and day minutes when its week is stored.
func (w *Workshop) capacityOn(d Date) Capacity {
	c := w.Capacity
	if w.stored {
		wd := d.Weekday()
		c.Bays, c.DayMinutes = w.weekBays[wd], w.weekMinutes[wd]
	}
	return c
}

// blocked subtracts the closures from the spans of day d and returns what
// is left, and the reason of a closure that leaves nothing.
func (w *Workshop) blocked(d Date, spans []Span) ([]Span, string) {
	if len(w.Closures) == 0 || len(spans) == 0 {
		return spans, ""
	}
	day := time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, time.UTC)
	reason := ""
	out := append([]Span(nil), spans...)
	for _, c := range w.Closures {
		if !c.from.Before(day.Add(24*time.Hour)) || !c.to.After(day) {
			continue
		}
		a := max(0, int(c.from.Sub(day)/time.Minute))
		b := min(24*60, int(c.to.Sub(day)/time.Minute))
		var next []Span
		for _, s := range out {
			if b <= s.From || a >= s.To {
				next = append(next, s)
				continue
			}
			if s.From < a {
				next = append(next, Span{s.From, a})
			}
			if b < s.To {
				next = append(next, Span{b, s.To})
			}
		}
		out = next
		if reason == "" {
			reason = c.Reason
		}
	}
	if len(out) == 0 {
		return nil, reason
	}
	return out, ""
}

// HoursOf returns the department's stored week (Monday first) and its
// closures that have not ended. Errors: ErrUnknownDepartment.
func (e *Engine) HoursOf(ctx context.Context, departmentID string) ([]WeekdayHours, []Closure, error) {
	w, err := e.dir.Workshop(departmentID)
	if err != nil {
		return nil, nil, err
	}
	weeks, err := e.weeks(ctx, e.db, []string{departmentID})
	if err != nil {
		return nil, nil, err
	}
	wk := weeks[departmentID]
	out := make([]WeekdayHours, 7)
	for i := range out {
		wd := weekdayOf(i + 1)
		h := WeekdayHours{Weekday: i + 1}
		spans, bays := w.Week[wd], w.Capacity.Bays
		if wk != nil {
			spans, bays = wk.spans[wd], wk.bays[wd]
		}
		if len(spans) > 0 {
			h.Open, h.Close = clock(spans[0].From), clock(spans[len(spans)-1].To)
		}
		h.Capacity = bays
		out[i] = h
	}
	today := DateOf(e.Now().In(w.Zone))
	rows, err := e.db.QueryContext(ctx, e.db.Rebind(`SELECT id, department_id, starts_at, ends_at, reason, created_by FROM booking_closures
		WHERE department_id = ? AND ends_at > ? ORDER BY starts_at, id`), departmentID, today.String()+"T00:00:00")
	if err != nil {
		return nil, nil, errs.Wrap(err, "read closures")
	}
	defer rows.Close()
	cs := []Closure{}
	for rows.Next() {
		var c Closure
		if err := rows.Scan(&c.ID, &c.DepartmentID, &c.From, &c.To, &c.Reason, &c.CreatedBy); err != nil {
			return nil, nil, errs.Wrap(err, "read closures")
		}
		cs = append(cs, c)
	}
	return out, cs, errs.Wrap(rows.Err(), "read closures")
}

func clock(m int) string { return fmt.Sprintf("%02d:%02d", m/60, m%60) }

func parseClockField(s string) (int, bool) {
	t, err := time.Parse(clockLayout, s)
	if err != nil || len(s) != 5 {
		return 0, false
	}
	m := t.Hour()*60 + t.Minute()
	return m, m%minutesGranularity == 0
}

// SetHours replaces the department's week (all seven weekdays, each once)
// in one transaction and records an hours event; it answers the week as
// stored. A weekday whose hours or capacity change gets day minutes of
// 85 % of its bays' open time; an unchanged one keeps its own. by is the
// staff account. Errors: ErrUnknownDepartment; errs.Invalid with fields
// weekdays[i].open|close|capacity.
func (e *Engine) SetHours(ctx context.Context, departmentID string, days []WeekdayHours, by string) ([]WeekdayHours, error) {
	if _, err := e.dir.Workshop(departmentID); err != nil {
		return nil, err
	}
	fe := errs.FieldErrors{}
	if len(days) != 7 {
		fe.Add("weekdays", "all seven weekdays, Monday (1) to Sunday (7)")
		return nil, fe.Err("Check the opening hours.")
	}
	type row struct{ open, close, bays int }
	rowsByDay := map[int]row{}
	for i, d := range days {
		f := fmt.Sprintf("weekdays[%d]", i)
		if d.Weekday < 1 || d.Weekday > 7 {
			fe.Add(f+".weekday", "1 (Monday) to 7 (Sunday)")
			continue
		}
		if _, dup := rowsByDay[d.Weekday]; dup {
			fe.Add(f+".weekday", "each weekday once")
			continue
		}
		if d.Capacity < 0 || d.Capacity > MaxCapacity {
			fe.Add(f+".capacity", fmt.Sprintf("0 to %d", MaxCapacity))
		}
		var r row
		r.bays = d.Capacity
		switch {
		case d.Open == "" && d.Close == "":
			// closed all day
		default:
			o, ok1 := parseClockField(d.Open)
			c, ok2 := parseClockField(d.Close)
			if !ok1 {
				fe.Add(f+".open", "a time as HH:MM, on 5 minutes")
			}
			if !ok2 {
				fe.Add(f+".close", "a time as HH:MM, on 5 minutes")
			}
			if ok1 && ok2 && c <= o {
				fe.Add(f+".close", "later than the opening time")
			}
			r.open, r.close = o, c
		}
		rowsByDay[d.Weekday] = r
	}
	if err := fe.Err("Check the opening hours."); err != nil {
		return nil, err
	}
	now := e.timeArg(e.Now())
	err := e.db.Tx(ctx, func(tx *sql.Tx) error {
		cur, err := e.weeks(ctx, tx, []string{departmentID})
		if err != nil {
			return err
		}
		old := cur[departmentID]
		for wd := 1; wd <= 7; wd++ {
			r := rowsByDay[wd]
			minutes := r.bays * (r.close - r.open) * dayMinutesPercent / 100
			if old != nil {
				d := weekdayOf(wd)
				sameSpan := (len(old.spans[d]) == 0 && r.close == r.open) || (len(old.spans[d]) == 1 && old.spans[d][0] == Span{r.open, r.close})
				if sameSpan && old.bays[d] == r.bays {
					minutes = old.minutes[d]
				}
			}
			q := `INSERT INTO booking_hours (department_id, weekday, open_min, close_min, capacity, day_minutes, updated_at, updated_by)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (department_id, weekday) DO UPDATE SET open_min = excluded.open_min,
				close_min = excluded.close_min, capacity = excluded.capacity, day_minutes = excluded.day_minutes,
				updated_at = excluded.updated_at, updated_by = excluded.updated_by`
			if _, err := tx.ExecContext(ctx, e.db.Rebind(q), departmentID, wd, r.open, r.close, r.bays, minutes, now, by); err != nil {
				return errs.Wrap(err, "store hours")
			}
		}
		return e.event(ctx, tx, departmentID, EventHours, "")
	})
	if err != nil {
		return nil, err
	}
	week, _, err := e.HoursOf(ctx, departmentID)
	return week, err
}

// AddClosure stores a closure of the department and records an hours
// event; customers can no longer book its times. Errors:
// ErrUnknownDepartment; errs.Invalid with fields from, to, reason.
func (e *Engine) AddClosure(ctx context.Context, c Closure) (Closure, error) {
	w, err := e.dir.Workshop(c.DepartmentID)
	if err != nil {
		return Closure{}, err
	}
	fe := errs.FieldErrors{}
	from, err1 := time.Parse(closureLayout, c.From)
	to, err2 := time.Parse(closureLayout, c.To)
	if err1 != nil {
		fe.Add("from", "a local time as YYYY-MM-DDTHH:MM:SS")
	}
	if err2 != nil {
		fe.Add("to", "a local time as YYYY-MM-DDTHH:MM:SS")
	}
	if err1 == nil && err2 == nil {
		switch {
		case !to.After(from):
			fe.Add("to", "later than from")
		case to.Sub(from) > MaxClosureDays*24*time.Hour:
			fe.Add("to", fmt.Sprintf("at most %d days after from", MaxClosureDays))
		}
		nowWall := e.Now().In(w.Zone)
		nowLocal := time.Date(nowWall.Year(), nowWall.Month(), nowWall.Day(), nowWall.Hour(), nowWall.Minute(), 0, 0, time.UTC)
		if !to.After(nowLocal) {
			fe.Add("to", "in the future")
		}
	}
	c.Reason = strings.TrimSpace(c.Reason)
	if c.Reason == "" || utf8.RuneCountInString(c.Reason) > MaxClosureReason || !mail.IsOneLine(c.Reason) {
		fe.Add("reason", fmt.Sprintf("a reason of 1 to %d characters on one line", MaxClosureReason))
	}
	if err := fe.Err("Check the closure."); err != nil {
		return Closure{}, err
	}
	c.ID = "CL-" + newID()[3:]
	c.From, c.To = from.Format(closureLayout), to.Format(closureLayout)
	err = e.db.Tx(ctx, func(tx *sql.Tx) error {
		var n int
		today := DateOf(e.Now().In(w.Zone)).String() + "T00:00:00"
		if err := tx.QueryRowContext(ctx, e.db.Rebind(`SELECT count(*) FROM booking_closures WHERE department_id = ? AND ends_at > ?`), c.DepartmentID, today).Scan(&n); err != nil {
			return errs.Wrap(err, "count closures")
		}
		if n >= MaxClosures {
			return errs.E(errs.Conflict, "The workshop has %d closures ahead already; remove some first.", n)
		}
		_, err := tx.ExecContext(ctx, e.db.Rebind(`INSERT INTO booking_closures (id, department_id, starts_at, ends_at, reason, created_by, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`), c.ID, c.DepartmentID, c.From, c.To, c.Reason, c.CreatedBy, e.timeArg(e.Now()))
		if err != nil {
			return errs.Wrap(err, "store closure")
		}
		return e.event(ctx, tx, c.DepartmentID, EventHours, "")
	})
	if err != nil {
		return Closure{}, err
	}
	return c, nil
}

// ClosureByID returns a stored closure. Errors: NotFound.
func (e *Engine) ClosureByID(ctx context.Context, id string) (Closure, error) {
	var c Closure
	err := e.db.QueryRowContext(ctx, e.db.Rebind(`SELECT id, department_id, starts_at, ends_at, reason, created_by FROM booking_closures WHERE id = ?`), id).
		Scan(&c.ID, &c.DepartmentID, &c.From, &c.To, &c.Reason, &c.CreatedBy)
	if err == sql.ErrNoRows {
		return Closure{}, errs.E(errs.NotFound, "The closure does not exist.")
	}
	return c, errs.Wrap(err, "read closure")
}

// DeleteClosure removes a closure (its times can be booked again) and
// records an hours event. Errors: NotFound.
func (e *Engine) DeleteClosure(ctx context.Context, id string) error {
	return e.db.Tx(ctx, func(tx *sql.Tx) error {
		var dep string
		err := tx.QueryRowContext(ctx, e.db.Rebind(`SELECT department_id FROM booking_closures WHERE id = ?`), id).Scan(&dep)
		if err == sql.ErrNoRows {
			return errs.E(errs.NotFound, "The closure does not exist.")
		}
		if err != nil {
			return errs.Wrap(err, "read closure")
		}
		if _, err := tx.ExecContext(ctx, e.db.Rebind(`DELETE FROM booking_closures WHERE id = ?`), id); err != nil {
			return errs.Wrap(err, "delete closure")
		}
		return e.event(ctx, tx, dep, EventHours, "")
	})
}
