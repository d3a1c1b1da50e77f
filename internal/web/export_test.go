package web

import "time"

// SetDocClock moves the clock of documents' ages by d until undo is called.
func SetDocClock(d time.Duration) (undo func()) {
	docClockOffset.Store(int64(d))
	return func() { docClockOffset.Store(0) }
}
