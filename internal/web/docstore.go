package web

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/cespare/xxhash/v2"
)

// docStore keeps pre-rendered page documents in files, one per address
// (site, origin, path, query): a new version of a page overwrites the
// old, so the store holds at most one document per page it was given
// (about 12 KB compressed for a car page: 250 MB for 20 500 cars), and a
// document of other versions than the request's is a miss. The files
// live in a directory of this process (the versions include its epoch,
// so another process's documents never match); the operating system's
// page cache keeps the ones read often in memory.
type docStore struct {
	dir string
}

// docFileMagic starts every document file (and names its format).
const docFileMagic = "forecourt-doc-1\n"

// docFileHead is a document file's first line after the magic.
type docFileHead struct {
	Ident        string    `json:"ident"`
	Status       int       `json:"status"`
	ETag         string    `json:"etag"`
	LastMod      string    `json:"lastMod,omitempty"`
	CacheControl string    `json:"cacheControl"`
	CSP          string    `json:"csp"`
	DocKey       uint64    `json:"docKey"`
	Level        int       `json:"level"`
	Made         time.Time `json:"made"`
}

func (ds *docStore) path(addr string) string {
	name := fmt.Sprintf("%016x", xxhash.Sum64String(addr))
	return filepath.Join(ds.dir, name[:2], name)
}

// put writes d as the document of addr (a whole file put in place by a
// rename: a reader sees the old document or the new).
func (ds *docStore) put(addr string, d *pageDoc) error {
	p := ds.path(addr)
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return err
	}
	head, err := json.Marshal(docFileHead{Ident: d.ident, Status: d.status, ETag: d.etag, LastMod: d.lastMod,
		CacheControl: d.cacheControl, CSP: d.csp, DocKey: d.docKey, Level: d.level, Made: d.made})
	if err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(p), ".tmp-*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name()) // after the rename: nothing to remove
	w := bufio.NewWriterSize(f, 64<<10)
	w.WriteString(docFileMagic)
	w.Write(head)
	w.WriteByte('\n')
	w.Write(d.gz)
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), p)
}

// head reads the head of addr's document, nil when there is none.
func (ds *docStore) head(addr string) (*docFileHead, *bufio.Reader, *os.File) {
	f, err := os.Open(ds.path(addr))
	if err != nil {
		return nil, nil, nil
	}
	br := bufio.NewReaderSize(f, 4096)
	magic := make([]byte, len(docFileMagic))
	if _, err := io.ReadFull(br, magic); err != nil || string(magic) != docFileMagic {
		f.Close()
		return nil, nil, nil
	}
	line, err := br.ReadBytes('\n')
	if err != nil {
		f.Close()
		return nil, nil, nil
	}
	var h docFileHead
	if err := json.Unmarshal(line, &h); err != nil {
		f.Close()
		return nil, nil, nil
	}
	return &h, br, f
}

// has reports whether addr's document is the one of ident.
func (ds *docStore) has(addr, ident string) bool {
	h, _, f := ds.head(addr)
	if f == nil {
		return false
	}
	f.Close()
	return h.Ident == ident
}

// get returns addr's document when it is the one of ident, else nil.
func (ds *docStore) get(addr, ident string) *pageDoc {
	h, br, f := ds.head(addr)
	if f == nil {
		return nil
	}
	defer f.Close()
	if h.Ident != ident {
		return nil
	}
	// The compressed document is the rest of the file: read into one
	// slice of that size (a growing buffer allocated about three times
	// the document on every read of the long tail).
	fi, err := f.Stat()
	if err != nil {
		return nil
	}
	gz := make([]byte, 0, fi.Size()+bytes.MinRead)
	buf := bytes.NewBuffer(gz)
	if _, err := buf.ReadFrom(br); err != nil {
		return nil
	}
	return &pageDoc{ident: h.Ident, status: h.Status, etag: h.ETag, lastMod: h.LastMod, cacheControl: h.CacheControl,
		csp: h.CSP, docKey: h.DocKey, gz: buf.Bytes(), level: h.Level, made: h.Made}
}

// remove deletes the store's directory.
func (ds *docStore) remove() error {
	if ds == nil || ds.dir == "" {
		return errors.New("no store")
	}
	return os.RemoveAll(ds.dir)
}
