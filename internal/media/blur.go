package media

import (
	"context"
	"encoding/base64"
	"log/slog"
)

// BlurDataURL returns the blur placeholder of the picture at path (a demo
// path, a /-/media/ path or an allowed absolute URL) as a
// "data:image/webp;base64,…" URL of a picture BlurWidth pixels wide. Results
// are cached by path, failures too: a failure is logged once and gives "".
func (h *Handler) BlurDataURL(path string) string {
	h.blurMu.RLock()
	s, ok := h.blurs[path]
	h.blurMu.RUnlock()
	if ok {
		return s
	}
	s = h.blurDataURL(path)
	h.blurMu.Lock()
	if len(h.blurs) >= maxBlurs {
		clear(h.blurs) // a crude bound; placeholders are cheap to remake
	}
	h.blurs[path] = s
	h.blurMu.Unlock()
	return s
}

const maxBlurs = 100_000

func (h *Handler) blurDataURL(path string) string {
	src, err := h.checkSource(path)
	if err == nil {
		ctx, cancel := context.WithTimeout(context.Background(), fetchTimeout)
		defer cancel()
		var e *entry
		if e, err = h.blurDataEntry(ctx, src); err == nil {
			return "data:" + e.ctype + ";base64," + base64.StdEncoding.EncodeToString(e.body)
		}
	}
	slog.Warn("blur placeholder failed", "path", path, "err", err)
	return ""
}
