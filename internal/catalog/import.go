package catalog

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"sort"
	"strings"
	"time"

	"forecourt/internal/errs"
	"forecourt/internal/site"
)

// Feed kinds accepted by Import.
const (
	KindCars  = "cars"
	KindSites = "sites"
	KindMedia = "media" // UK extra media by registration
)

// ImportOptions tune Import.
type ImportOptions struct {
	// Full marks a complete feed: records of the site missing from it are
	// removed. An incremental feed (false) only upserts.
	Full bool
	// Progress receives progress while the feed is read: one line updated
	// in place when it is a terminal, periodic lines otherwise. Nil: quiet.
	Progress io.Writer
	// Now is the clock for the model-year check, the time price changes
	// are recorded at and the price model is fitted at; nil means time.Now.
	Now func() time.Time
	// OnCars, when set, gets the new cars and price drops of each written
	// batch of a cars feed inside the batch's transaction (CarsHook).
	OnCars CarsHook
}

// LineError is a problem with one field of one record of a feed.
type LineError struct {
	Line    int    // 1-based line number in the feed
	Field   string // JSON field path, e.g. "car_price" or "car_images[2].original"; empty for the whole line
	Message string
}

// Error reads like "line 17: car_price: must be a positive number".
func (e LineError) Error() string {
	if e.Field == "" {
		return fmt.Sprintf("line %d: %s", e.Line, e.Message)
	}
	return fmt.Sprintf("line %d: %s: %s", e.Line, e.Field, e.Message)
}

// ImportReport says what an import did. Read counts non-blank lines;
// Imported counts records that were new or changed, Unchanged those stored
// with the same document already; Removed counts records deleted by a full
// feed. Rejected holds one entry per problem (a record may have several).
type ImportReport struct {
	Kind, SiteName string
	Full           bool
	Read           int
	Imported       int
	Unchanged      int
	Removed        int
	Rejected       []LineError
	// UnknownFields counts records per field name that the schema does not
	// know; such fields are dropped, the records still import.
	UnknownFields map[string]int
}

// RejectedRecords counts the records (lines) that were rejected.
func (r ImportReport) RejectedRecords() int {
	n, last := 0, 0
	for _, e := range r.Rejected {
		if e.Line != last {
			n++
			last = e.Line
		}
	}
	return n
}

// String summarises the report on one line.
func (r ImportReport) String() string {
	mode := "incremental"
	if r.Full {
		mode = "full"
	}
	return fmt.Sprintf("%s %s (%s): %d read, %d changed, %d unchanged, %d removed, %d rejected",
		r.SiteName, r.Kind, mode, r.Read, r.Imported, r.Unchanged, r.Removed, r.RejectedRecords())
}

// importBatch is how many valid records Import writes per transaction.
const importBatch = 1000

// maxLine bounds one feed line (a car with a long description and many
// images is a few kB).
const maxLine = 8 << 20

// Import reads a JSON-lines feed of kind (KindCars, KindSites or KindMedia)
// for the forecourt site siteName and stores its valid records in batches.
// Every invalid record is reported with its line and field and left out;
// the others import. With opts.Full, records of the site missing from the
// feed are removed afterwards (a rejected record whose key can be read
// counts as present: its stored version stays), but never when the feed
// had no valid record
// (an empty or broken file must not wipe the stock): that case returns the
// report and an Invalid error. Importing the same feed twice changes
// nothing the second time (Imported 0). Errors: Invalid for an unknown kind
// or site name or an unreadable feed (the report then covers what was
// stored before the failure); Internal for store failures.
func Import(ctx context.Context, st *Store, kind, siteName string, r io.Reader, opts ImportOptions) (ImportReport, error) {
	rep := ImportReport{Kind: kind, SiteName: siteName, Full: opts.Full, UnknownFields: map[string]int{}}
	if kind != KindCars && kind != KindSites && kind != KindMedia {
		return rep, errs.E(errs.Invalid, "unknown feed kind %q (want cars, sites or media)", kind)
	}
	if err := knownSite(siteName); err != nil {
		return rep, err
	}
	now := time.Now
	if opts.Now != nil {
		now = opts.Now
	}
	prog := newProgress(opts.Progress, kind, siteName)
	in := importer{ctx: ctx, st: st, kind: kind, site: siteName, rep: &rep, now: now(), onCars: opts.OnCars}
	in.seenCar, in.seenSite, in.seenMedia = map[int64]int{}, map[int64]int{}, map[string]int{}
	in.keep.car, in.keep.site, in.keep.media = map[int64]bool{}, map[int64]bool{}, map[string]bool{}

	// Lines are decoded and validated (and cars encoded for the store) by
	// parse workers while this goroutine applies them in feed order and
	// writes the batches: the store's work overlaps the decoding.
	stop := make(chan struct{})
	blocks, readErr, readDone := in.parseAhead(r, stop)
	// An early return stops the reading and waits for it: r is not read
	// after Import returns.
	defer func() { close(stop); <-readDone }()
	for b := range blocks {
		<-b.done
		for i := range b.out {
			rep.Read++
			in.apply(&b.out[i])
			if in.pending() >= importBatch {
				if err := in.flush(); err != nil {
					return rep, err
				}
			}
			prog.update(&rep)
		}
	}
	if err := readErr(); err != nil {
		if ferr := in.flush(); ferr != nil {
			return rep, ferr
		}
		prog.done(&rep)
		return rep, errs.E(errs.Invalid, "read %s feed: %v; nothing was removed", kind, err)
	}
	if err := in.flush(); err != nil {
		return rep, err
	}
	if opts.Full {
		if in.valid == 0 {
			prog.done(&rep)
			return rep, errs.E(errs.Invalid, "the full %s feed for %s has no valid record; nothing was removed", kind, siteName)
		}
		var err error
		switch kind {
		case KindCars:
			rep.Removed, err = st.DeleteCarsExcept(ctx, siteName, keys(in.seenCar, in.keep.car))
		case KindSites:
			rep.Removed, err = st.DeleteSitesExcept(ctx, siteName, keys(in.seenSite, in.keep.site))
		case KindMedia:
			rep.Removed, err = st.DeleteMediaExcept(ctx, siteName, keys(in.seenMedia, in.keep.media))
		}
		if err != nil {
			return rep, err
		}
	}
	if len(rep.UnknownFields) == 0 {
		rep.UnknownFields = nil
	}
	if kind == KindCars {
		if err := refitAfterImport(ctx, st, siteName, rep, now()); err != nil {
			prog.done(&rep)
			return rep, err
		}
	}
	prog.done(&rep)
	return rep, nil
}

// refitAfterImport fits the site's fair-price model again when the import
// changed its stock (or the site has no model yet), so the next index
// build rates the cars against the stock as it now is.
func refitAfterImport(ctx context.Context, st *Store, siteName string, rep ImportReport, now time.Time) error {
	if rep.Imported == 0 && rep.Removed == 0 {
		if m, err := st.PriceModel(ctx, siteName); err != nil || m != nil {
			return err
		}
	}
	if _, err := st.RefitPriceModel(ctx, siteName, now); err != nil {
		return errs.Wrap(err, "the stock was imported, but fitting its price model failed")
	}
	return nil
}

func knownSite(name string) error {
	var names []string
	for _, s := range site.All() {
		if s.Name == name {
			return nil
		}
		names = append(names, s.Name)
	}
	sort.Strings(names)
	return errs.E(errs.Invalid, "unknown site name %q (known: %s)", name, strings.Join(names, ", "))
}

// keys returns the keys of seen plus those of also.
func keys[K comparable](seen map[K]int, also map[K]bool) map[K]bool {
	out := make(map[K]bool, len(seen)+len(also))
	for k := range seen {
		out[k] = true
	}
	for k := range also {
		out[k] = true
	}
	return out
}

// importer holds the state of one Import run.
type importer struct {
	ctx       context.Context
	st        *Store
	kind      string
	site      string
	rep       *ImportReport
	now       time.Time
	onCars    CarsHook
	valid     int
	cars      []docRow // valid cars, encoded for the store
	sites     []DealerSite
	media     []ExtraMedia
	seenCar   map[int64]int // id → line
	seenSite  map[int64]int
	seenMedia map[string]int
	stored    map[int64]string // car_id → stored document hash, read at the first flush
	// keep holds keys of rejected records: a full feed does not remove them.
	keep struct {
		car, site map[int64]bool
		media     map[string]bool
	}
}

func (in *importer) pending() int { return len(in.cars) + len(in.sites) + len(in.media) }

// parsedLine is one non-blank line of a feed as a parse worker left it.
type parsedLine struct {
	line    int
	data    []byte // the line
	car     Car
	row     docRow // a valid car as stored (document and hash)
	site    DealerSite
	media   ExtraMedia
	unknown []string
	err     error
}

// parseBlock is a run of lines parsed by one worker; done closes when out
// is filled.
type parseBlock struct {
	out  []parsedLine
	done chan struct{}
}

// parseBlockLines is how many lines a worker takes at a time.
const parseBlockLines = 256

// parseAhead reads the feed's lines and has them parsed by a worker per
// CPU. It returns the blocks in feed order (the channel closes after the
// last), a function giving the read error once the channel is closed, and
// a channel closed when the reading has ended. Closing stop ends the
// reading early.
func (in *importer) parseAhead(r io.Reader, stop <-chan struct{}) (<-chan *parseBlock, func() error, <-chan struct{}) {
	workers := max(1, min(runtime.GOMAXPROCS(0), 4))
	work := make(chan *parseBlock, workers)
	ordered := make(chan *parseBlock, 2*workers)
	for range workers {
		go func() {
			for b := range work {
				for i := range b.out {
					in.parse(&b.out[i])
				}
				close(b.done)
			}
		}()
	}
	var readErr error
	readDone := make(chan struct{})
	go func() {
		defer close(readDone)
		defer close(ordered)
		defer close(work)
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 0, 64<<10), maxLine)
		line := 0
		b := &parseBlock{done: make(chan struct{})}
		send := func() bool {
			select {
			case work <- b:
			case <-stop:
				return false
			}
			select {
			case ordered <- b:
			case <-stop:
				return false
			}
			b = &parseBlock{done: make(chan struct{})}
			return true
		}
		for sc.Scan() {
			line++
			text := sc.Bytes()
			if len(bytes.TrimSpace(text)) == 0 {
				continue
			}
			b.out = append(b.out, parsedLine{line: line, data: bytes.Clone(text)})
			if len(b.out) == parseBlockLines && !send() {
				return
			}
		}
		if err := sc.Err(); err != nil {
			if errors.Is(err, bufio.ErrTooLong) {
				err = fmt.Errorf("line %d is longer than %d bytes", line+1, maxLine)
			}
			readErr = err
		}
		if len(b.out) > 0 {
			send()
		}
	}()
	// readErr is written before ordered is closed and read after.
	return ordered, func() error { return readErr }, readDone
}

// parse decodes and validates one line (a parse worker's part: nothing
// here depends on the other lines).
func (in *importer) parse(p *parsedLine) {
	switch in.kind {
	case KindCars:
		p.car, p.unknown, p.err = ParseCar(p.data, in.now)
		if p.err == nil {
			p.err = in.checkSiteName(p.car.SiteName)
		}
		if p.err == nil {
			p.car.SiteName = in.site
			p.row, p.err = carRow(in.site, &p.car)
		}
	case KindSites:
		p.site, p.unknown, p.err = ParseDealerSite(p.data)
		if p.err == nil {
			p.err = in.checkSiteName(p.site.SiteName)
		}
		p.site.SiteName = in.site
	case KindMedia:
		p.media, p.unknown, p.err = ParseExtraMedia(p.data)
	}
}

// apply queues a parsed line, in feed order, or reports its problems; a
// record whose key an earlier line had is a duplicate.
func (in *importer) apply(p *parsedLine) {
	err := p.err
	if err == nil {
		switch in.kind {
		case KindCars:
			if err = dup(in.seenCar, p.car.CarID, p.line, "car_id"); err == nil {
				in.cars = append(in.cars, p.row)
			}
		case KindSites:
			if err = dup(in.seenSite, p.site.SiteID, p.line, "site_id"); err == nil {
				in.sites = append(in.sites, p.site)
			}
		case KindMedia:
			if err = dup(in.seenMedia, NormalizeRegno(p.media.CarRegno), p.line, "car_regno"); err == nil {
				in.media = append(in.media, p.media)
			}
		}
	}
	for _, u := range p.unknown {
		in.rep.UnknownFields[u]++
	}
	if err != nil {
		in.reject(p.line, err)
		in.keepRejected(p.data)
		return
	}
	in.valid++
}

// keepRejected marks the key of a rejected record as present, when it can
// be read, so that a full feed with a bad version of a record leaves the
// stored record alone instead of removing it.
func (in *importer) keepRejected(data []byte) {
	var keys struct {
		CarID    json.Number `json:"car_id"`
		SiteID   json.Number `json:"site_id"`
		CarRegno string      `json:"car_regno"`
	}
	if json.Unmarshal(data, &keys) != nil {
		return
	}
	switch in.kind {
	case KindCars:
		if id, err := keys.CarID.Int64(); err == nil && id > 0 {
			in.keep.car[id] = true
		}
	case KindSites:
		if id, err := keys.SiteID.Int64(); err == nil && id > 0 {
			in.keep.site[id] = true
		}
	case KindMedia:
		if r := NormalizeRegno(keys.CarRegno); r != "" {
			in.keep.media[r] = true
		}
	}
}

func (in *importer) checkSiteName(name string) error {
	if name != "" && name != in.site {
		return &errs.Error{Code: errs.Invalid, Fields: map[string]string{
			"site_name": fmt.Sprintf("is %q but the feed is for %s", name, in.site)}}
	}
	return nil
}

// dup records key as seen on line, or returns an error naming the line that
// had it first: a feed holds each record once.
func dup[K comparable](seen map[K]int, key K, line int, field string) error {
	if first, ok := seen[key]; ok {
		return &errs.Error{Code: errs.Invalid, Fields: map[string]string{
			field: fmt.Sprintf("duplicate of line %d", first)}}
	}
	seen[key] = line
	return nil
}

func (in *importer) reject(line int, err error) {
	var e *errs.Error
	if !errors.As(err, &e) || len(e.Fields) == 0 {
		in.rep.Rejected = append(in.rep.Rejected, LineError{Line: line, Message: err.Error()})
		return
	}
	fields := make([]string, 0, len(e.Fields))
	for f := range e.Fields {
		fields = append(fields, f)
	}
	sort.Strings(fields)
	for _, f := range fields {
		in.rep.Rejected = append(in.rep.Rejected, LineError{Line: line, Field: f, Message: e.Fields[f]})
	}
}

// flush writes the queued records in one transaction.
func (in *importer) flush() error {
	var n, total int
	var err error
	switch {
	case len(in.cars) > 0:
		total = len(in.cars)
		if in.stored == nil {
			// Read once per import: a daily full feed mostly repeats the
			// stock, and its unchanged cars need not travel to the store.
			if in.stored, err = in.st.CarHashes(in.ctx, in.site); err != nil {
				return err
			}
		}
		n, err = in.st.upsertCarRows(in.ctx, in.site, in.cars, in.stored, in.onCars, in.now)
		in.cars = in.cars[:0]
	case len(in.sites) > 0:
		total = len(in.sites)
		n, err = in.st.UpsertSites(in.ctx, in.site, in.sites)
		in.sites = in.sites[:0]
	case len(in.media) > 0:
		total = len(in.media)
		n, err = in.st.UpsertMedia(in.ctx, in.site, in.media)
		in.media = in.media[:0]
	}
	if err != nil {
		return err
	}
	in.rep.Imported += n
	in.rep.Unchanged += total - n
	return nil
}

// progress writes import progress: on a terminal one line rewritten with
// \r every few hundred records, otherwise a line every few thousand.
type progress struct {
	w     io.Writer
	tty   bool
	every int
	next  int
	label string
}

func newProgress(w io.Writer, kind, siteName string) *progress {
	p := &progress{w: w, label: siteName + " " + kind}
	if w == nil {
		return p
	}
	p.tty = isTerminal(w)
	p.every = 10000
	if p.tty {
		p.every = 500
	}
	p.next = p.every
	return p
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

func (p *progress) update(r *ImportReport) {
	if p.w == nil || r.Read < p.next {
		return
	}
	p.next += p.every
	if p.tty {
		fmt.Fprintf(p.w, "\r%s: %d read, %d rejected…", p.label, r.Read, r.RejectedRecords())
		return
	}
	fmt.Fprintf(p.w, "%s: %d read, %d rejected\n", p.label, r.Read, r.RejectedRecords())
}

func (p *progress) done(r *ImportReport) {
	if p.w == nil {
		return
	}
	if p.tty {
		fmt.Fprint(p.w, "\r\033[K")
	}
	fmt.Fprintln(p.w, r.String())
}
