package media

import (
	"bytes"
	"context"
	"image"
	"log/slog"
	"strings"
	"time"

	"github.com/gen2brain/webp"
)

// format is the encoding /_img answers in.
type format int

const (
	formatJPEG format = iota
	formatWebP
)

const (
	// WebPQuality is the WebP quality used for JPEGQuality: WebP at 75 looks
	// like JPEG at 80 at about 40 % of its size on the demo pictures.
	WebPQuality = 75
	// webpMethod trades encoding time for size (0 fast … 6 small): 2 is about
	// twice JPEG's encoding time and within 10 % of method 4's size.
	webpMethod = 2
	// blurWebPQuality is the quality of blur placeholders: what survives
	// 16 pixels and the browser's blur is the colours.
	blurWebPQuality = 50
)

// negotiate picks the format of a scaled picture from the request's Accept
// header: WebP for browsers that list it (every current one does), JPEG
// for any other client. The answer carries Vary: Accept.
func negotiate(accept string) format {
	for part := range strings.SplitSeq(accept, ",") {
		mt, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(mt), "image/webp") {
			if q, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok && strings.Trim(q, "0.") == "" {
				return formatJPEG // image/webp;q=0: refused explicitly
			}
			return formatWebP
		}
	}
	return formatJPEG
}

func (f format) String() string {
	if f == formatWebP {
		return "webp"
	}
	return "jpeg"
}

// encode encodes img as f. A WebP encoding that fails (the encoder runs
// libwebp, natively when the system has it, else compiled to WebAssembly)
// falls back to JPEG, which every client reads.
func encode(key string, img image.Image, q int, f format) (*entry, error) {
	if f == formatWebP {
		var buf bytes.Buffer
		wq := q
		if q == JPEGQuality {
			wq = WebPQuality
		}
		err := webp.Encode(&buf, img, webp.Options{Quality: wq, Method: webpMethod})
		if err == nil {
			return newEntry(key, buf.Bytes(), "image/webp"), nil
		}
		slog.Warn("media: webp encoding failed, serving jpeg", "key", key, "err", err)
	}
	return encodeJPEG(key, img, q)
}

// webpQueueLen bounds the WebP encodings waiting for the background
// encoder; a picture asked for while the queue is full is queued by a later
// request.
const webpQueueLen = 256

type webpJob struct {
	key   string
	build func(context.Context) (*entry, error)
}

// cachedWebP returns the WebP of src at width w when it is cached.
func (h *Handler) cachedWebP(src string, w, q int) (*entry, bool) {
	key, _, err := h.scaledBuild(src, w, q, formatWebP)
	if err != nil {
		return nil, false
	}
	return h.cache.get(key)
}

// queueWebP queues the encoding of the WebP of src at width w for the
// background encoder, once; a full queue drops it (a later request queues
// it again).
func (h *Handler) queueWebP(src string, w, q int) {
	key, build, err := h.scaledBuild(src, w, q, formatWebP)
	if err != nil {
		return
	}
	h.webpOnce.Do(func() {
		h.webpQueue = make(chan webpJob, webpQueueLen)
		h.webpPending = map[string]bool{}
		go h.webpWorker()
	})
	h.webpMu.Lock()
	defer h.webpMu.Unlock()
	if h.webpPending[key] {
		return
	}
	if _, ok := h.cache.get(key); ok {
		return
	}
	select {
	case h.webpQueue <- webpJob{key, build}:
		h.webpPending[key] = true
	default:
	}
}

// webpWorker encodes queued WebP pictures one at a time, so that a cold
// cache costs at most one core beside the requests being served.
func (h *Handler) webpWorker() {
	for job := range h.webpQueue {
		ctx, cancel := context.WithTimeout(context.Background(), fetchTimeout+30*time.Second)
		if _, err := h.cached(job.key, func() (*entry, error) { return job.build(ctx) }); err != nil {
			slog.Warn("media: background webp", "key", job.key, "err", err)
		}
		cancel()
		h.webpMu.Lock()
		delete(h.webpPending, job.key)
		h.webpMu.Unlock()
	}
}
