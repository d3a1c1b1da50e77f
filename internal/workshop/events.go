package workshop

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"forecourt/internal/booking"
	"forecourt/internal/errs"
)

// Bounds of one live stream: a comment keeps proxies from closing an idle
// stream, and a stream ends after StreamMax (the browser's EventSource
// reconnects by itself).
const (
	heartbeat = 25 * time.Second
	StreamMax = 30 * time.Minute
)

// events serves "GET /api/staff/events?department=ID": a text/event-stream
// of the department's changes from every process of the store —
// "event: booking" with {"type":"created|moved|cancelled|status",
// "booking":{…}} and "event: hours" with {"department"} when its hours or
// closures change.
func (a *API) events(w http.ResponseWriter, r *http.Request) error {
	p, err := principal(r)
	if err != nil {
		return err
	}
	ws, err := a.department(p, r.URL.Query().Get("department"))
	if err != nil {
		return err
	}
	if a.Hub == nil {
		return errs.E(errs.Unavailable, "Live updates are not available; reload to see changes.")
	}
	ch, stop, err := a.Hub.Subscribe(ws.DepartmentID)
	if err != nil {
		return err
	}
	defer stop()
	rc := http.NewResponseController(w)
	// The server's write timeout is for ordinary answers, not a stream.
	rc.SetWriteDeadline(time.Time{})
	h := w.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	if _, err := fmt.Fprint(w, "retry: 3000\n: live calendar of "+ws.DepartmentID+"\n\n"); err != nil {
		return nil
	}
	rc.Flush()
	beat := time.NewTicker(heartbeat)
	defer beat.Stop()
	end := time.NewTimer(StreamMax)
	defer end.Stop()
	send := func(event string, v any) bool {
		b, err := json.Marshal(v)
		if err != nil {
			return false
		}
		if _, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, b); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	for {
		select {
		case <-r.Context().Done():
			return nil
		case <-end.C:
			return nil
		case <-beat.C:
			if _, err := fmt.Fprint(w, ": ping\n\n"); err != nil || rc.Flush() != nil {
				return nil
			}
		case ev, ok := <-ch:
			if !ok {
				return nil
			}
			if ev.Kind == booking.EventHours {
				if !send("hours", map[string]string{"department": ev.DepartmentID}) {
					return nil
				}
				continue
			}
			b, err := a.Engine.ByID(r.Context(), ev.BookingID)
			if err != nil {
				a.log().Warn("live event of an unreadable booking", "booking", ev.BookingID, "err", err)
				continue
			}
			if !send("booking", map[string]any{"type": ev.Kind, "booking": a.view(r, b, ws)}) {
				return nil
			}
		}
	}
}
