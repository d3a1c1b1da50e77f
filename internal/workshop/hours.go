package workshop

import (
	"net/http"
	"strconv"
	"strings"

	"forecourt/internal/booking"
	"forecourt/internal/errs"
)

// HoursView is a department's week and its closures ahead.
type HoursView struct {
	Department string                 `json:"department"`
	Weekdays   []booking.WeekdayHours `json:"weekdays"`
	Closures   []booking.Closure      `json:"closures"`
}

func (a *API) hoursView(r *http.Request, id string) (HoursView, error) {
	week, closures, err := a.Engine.HoursOf(r.Context(), id)
	if err != nil {
		return HoursView{}, err
	}
	return HoursView{Department: id, Weekdays: week, Closures: closures}, nil
}

// hours serves "GET /api/staff/departments/{id}/hours".
func (a *API) hours(w http.ResponseWriter, r *http.Request) error {
	_, ws, err := a.pathDepartment(r)
	if err != nil {
		return err
	}
	v, err := a.hoursView(r, ws.DepartmentID)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, v)
}

// setHours serves "PUT /api/staff/departments/{id}/hours" {"weekdays":[…]}:
// the week replaced at once; customers book against it from now on.
func (a *API) setHours(w http.ResponseWriter, r *http.Request) error {
	p, err := hoursKeeper(r)
	if err != nil {
		return err
	}
	ws, err := a.department(p, r.PathValue("id"))
	if err != nil {
		return err
	}
	in, err := decode[struct {
		Department string                 `json:"department"`
		Weekdays   []booking.WeekdayHours `json:"weekdays"`
		Closures   []booking.Closure      `json:"closures"`
	}](r)
	if err != nil {
		return err
	}
	if in.Department != "" && in.Department != ws.DepartmentID {
		return &errs.Error{Code: errs.Invalid, Message: "The body is about another department.", Fields: map[string]string{"department": "the department of the address, or absent"}}
	}
	before, _, err := a.Engine.HoursOf(r.Context(), ws.DepartmentID)
	if err != nil {
		return err
	}
	week, err := a.Engine.SetHours(r.Context(), ws.DepartmentID, in.Weekdays, p.Account)
	if err != nil {
		return err
	}
	a.record(r.Context(), p, "hours.update", ws.DepartmentID, weekDiff(before, week))
	v, err := a.hoursView(r, ws.DepartmentID)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, v)
}

var weekdayNames = [8]string{"", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"}

// weekDiff says what changed, for the audit log ("Fri 07:00–17:00 ×3 → closed").
func weekDiff(before, after []booking.WeekdayHours) string {
	text := func(h booking.WeekdayHours) string {
		if h.Open == "" {
			return "closed"
		}
		return h.Open + "–" + h.Close + " ×" + strconv.Itoa(h.Capacity)
	}
	var parts []string
	for i := range after {
		if i < len(before) && before[i] == after[i] {
			continue
		}
		was := "?"
		if i < len(before) {
			was = text(before[i])
		}
		parts = append(parts, weekdayNames[after[i].Weekday]+" "+was+" → "+text(after[i]))
	}
	if len(parts) == 0 {
		return "unchanged"
	}
	return strings.Join(parts, "; ")
}

// addClosure serves "POST /api/staff/closures" {"department","from","to","reason"} → 201.
func (a *API) addClosure(w http.ResponseWriter, r *http.Request) error {
	p, err := hoursKeeper(r)
	if err != nil {
		return err
	}
	in, err := decode[struct {
		Department string `json:"department"`
		From       string `json:"from"`
		To         string `json:"to"`
		Reason     string `json:"reason"`
	}](r)
	if err != nil {
		return err
	}
	ws, err := a.department(p, in.Department)
	if err != nil {
		return err
	}
	c, err := a.Engine.AddClosure(r.Context(), booking.Closure{DepartmentID: ws.DepartmentID, From: strings.TrimSpace(in.From),
		To: strings.TrimSpace(in.To), Reason: in.Reason, CreatedBy: p.Account})
	if err != nil {
		return err
	}
	a.record(r.Context(), p, "closure.create", c.ID, ws.DepartmentID+" "+c.From+" → "+c.To+": "+c.Reason)
	return writeJSON(w, http.StatusCreated, c)
}

// deleteClosure serves "DELETE /api/staff/closures/{id}" → 204.
func (a *API) deleteClosure(w http.ResponseWriter, r *http.Request) error {
	p, err := hoursKeeper(r)
	if err != nil {
		return err
	}
	id := r.PathValue("id")
	if len(id) > 20 {
		return ErrUnknownClosure
	}
	c, err := a.Engine.ClosureByID(r.Context(), id)
	if errs.Is(err, errs.NotFound) {
		return ErrUnknownClosure
	}
	if err != nil {
		return err
	}
	if _, err := a.department(p, c.DepartmentID); err != nil {
		return ErrUnknownClosure
	}
	if err := a.Engine.DeleteClosure(r.Context(), c.ID); err != nil {
		return err
	}
	a.record(r.Context(), p, "closure.delete", c.ID, c.DepartmentID+" "+c.From+" → "+c.To+": "+c.Reason)
	w.WriteHeader(http.StatusNoContent)
	return nil
}
