// Package render runs the pool of Node render workers that turn page data
// into HTML. Each worker is a Node process listening on its own unix socket
// (web/ssr/worker.mjs) and speaking length-prefixed frames over one
// persistent connection (docs/render-contract.md); the pool starts them,
// hands each request to an idle worker, restarts workers that die and
// reports its state. It knows nothing of pages: its input is JSON and its
// output HTML.
package render

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// Config configures the pool.
type Config struct {
	Workers int    // number of Node processes (default 2)
	Node    string // node binary (default "node")
	Script  string // path of web/ssr/worker.mjs
	Bundle  string // path of the server bundle (web/dist/server/entry-server.js)
	// SocketDir holds the workers' unix sockets (default a fresh temp dir).
	SocketDir string
	// Timeout bounds one render, waiting for a free worker included (default 2 s).
	Timeout time.Duration
	Logger  *slog.Logger
	// OnRestart is called each time a worker is restarted (metrics).
	OnRestart func()
	// StartTimeout bounds a worker's start until it answers (default 60 s).
	StartTimeout time.Duration
}

// ErrUnavailable is returned when no worker answered in time; the caller
// serves the client-side fallback.
var ErrUnavailable = errors.New("render: no worker available")

// Pool is a set of supervised Node render workers.
type Pool struct {
	cfg Config
	// idle holds a token per worker that can take a request. A token names
	// the worker's generation (one per process start), so tokens of a
	// process that died are recognised and dropped.
	idle    chan token
	workers []*worker
	ctx     context.Context
	cancel  context.CancelFunc
	wg      sync.WaitGroup
	restart atomic.Int64
}

type token struct {
	w   *worker
	gen int64
}

type worker struct {
	gen    atomic.Int64
	id     int
	socket string
	mu     sync.Mutex
	cmd    *exec.Cmd
	ready  atomic.Bool
	// conn is the persistent connection of the request holding this
	// worker's token (only one at a time, so it needs no lock); nil until
	// dialled and after any error.
	conn *frameConn
}

// Start launches the workers and returns once each has answered its health
// check or ctx expires. Workers that fail to come up keep being restarted in
// the background; requests meanwhile use the others or fall back.
func Start(ctx context.Context, cfg Config) (*Pool, error) {
	if cfg.Workers <= 0 {
		cfg.Workers = 2
	}
	if cfg.Node == "" {
		cfg.Node = "node"
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 2 * time.Second
	}
	if cfg.StartTimeout <= 0 {
		cfg.StartTimeout = 60 * time.Second
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if _, err := os.Stat(cfg.Bundle); err != nil {
		return nil, fmt.Errorf("render bundle %s: %w (run the front-end build first)", cfg.Bundle, err)
	}
	if cfg.SocketDir == "" {
		dir, err := os.MkdirTemp("", "forecourt-render-")
		if err != nil {
			return nil, err
		}
		cfg.SocketDir = dir
	}
	pctx, cancel := context.WithCancel(context.Background())
	p := &Pool{cfg: cfg, idle: make(chan token, 64*cfg.Workers), ctx: pctx, cancel: cancel}
	for i := 0; i < cfg.Workers; i++ {
		w := &worker{id: i, socket: filepath.Join(cfg.SocketDir, "w"+strconv.Itoa(i)+".sock")}
		p.workers = append(p.workers, w)
		p.wg.Add(1)
		go p.supervise(w)
	}
	deadline := time.Now().Add(cfg.StartTimeout)
	for time.Now().Before(deadline) {
		if p.Ready() == cfg.Workers {
			return p, nil
		}
		select {
		case <-ctx.Done():
			return p, nil
		case <-time.After(20 * time.Millisecond):
		}
	}
	if p.Ready() == 0 {
		p.Close()
		return nil, fmt.Errorf("render: no worker came up within %s", cfg.StartTimeout)
	}
	return p, nil
}

// supervise runs w, waits for it to exit and starts it again with a growing
// delay, until the pool closes.
func (p *Pool) supervise(w *worker) {
	defer p.wg.Done()
	backoff := 100 * time.Millisecond
	for first := true; ; first = false {
		if p.ctx.Err() != nil {
			return
		}
		if !first {
			p.restart.Add(1)
			if p.cfg.OnRestart != nil {
				p.cfg.OnRestart()
			}
		}
		started := time.Now()
		err := p.run(w)
		if p.ctx.Err() != nil {
			return
		}
		p.cfg.Logger.Warn("render worker exited", "worker", w.id, "err", err)
		if time.Since(started) > 10*time.Second {
			backoff = 100 * time.Millisecond
		}
		select {
		case <-p.ctx.Done():
			return
		case <-time.After(backoff):
		}
		if backoff < 5*time.Second {
			backoff *= 2
		}
	}
}

// run starts one Node process and blocks until it exits.
func (p *Pool) run(w *worker) error {
	os.Remove(w.socket)
	cmd := exec.Command(p.cfg.Node, p.cfg.Script, "--socket", w.socket, "--bundle", p.cfg.Bundle)
	cmd.Stdout = os.Stderr
	cmd.Stderr = os.Stderr
	cmd.Env = append(os.Environ(), "NODE_ENV=production")
	if err := cmd.Start(); err != nil {
		return err
	}
	w.mu.Lock()
	w.cmd = cmd
	w.mu.Unlock()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	// Wait for the socket to answer before taking requests. Loading the
	// server bundle takes about a second on an idle machine, but many
	// seconds on a busy one: give a starting worker up to StartTimeout.
	for deadline := time.Now().Add(p.cfg.StartTimeout); time.Now().Before(deadline); {
		select {
		case err := <-done:
			return err
		default:
		}
		if w.health() == nil {
			w.ready.Store(true)
			p.release(token{w, w.gen.Add(1)})
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if !w.ready.Load() {
		cmd.Process.Kill() // never answered: start over
	}
	var err error
	select {
	case err = <-done:
	case <-p.ctx.Done():
		cmd.Process.Signal(os.Interrupt)
		select {
		case err = <-done:
		case <-time.After(3 * time.Second):
			cmd.Process.Kill()
			err = <-done
		}
	}
	w.ready.Store(false)
	return err
}

// health dials the worker on a connection of its own and asks for 'H'.
func (w *worker) health() error {
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	c, err := dialFrames(ctx, w.socket)
	if err != nil {
		return err
	}
	defer c.Close()
	status, body, err := c.roundTrip(ctx, 'H')
	if err != nil {
		return err
	}
	if status != 0 || string(body) != "ok" {
		return fmt.Errorf("health: status %d: %s", status, body)
	}
	return nil
}

// Render sends page data (JSON) to an idle worker and returns the HTML of
// the app root. It returns ErrUnavailable when no worker is free within the
// timeout, and the worker's message when rendering threw.
func (p *Pool) Render(ctx context.Context, pageJSON []byte) ([]byte, error) {
	return p.renderFrame(ctx, 'R', pageJSON)
}

// RenderWithDictionary is Render for page data whose dictionary travels
// apart (kind 'P'): pageJSON without a "dictionary" member and the
// dictionary's JSON, named by key (a hash of it). Every page of a site
// carries the same dictionary; a worker parses it once per key instead of
// once per page (a third of a car page's data).
func (p *Pool) RenderWithDictionary(ctx context.Context, key uint64, dictJSON, pageJSON []byte) ([]byte, error) {
	var head [12]byte
	binary.BigEndian.PutUint64(head[:8], key)
	binary.BigEndian.PutUint32(head[8:], uint32(len(dictJSON)))
	return p.renderFrame(ctx, 'P', head[:], dictJSON, pageJSON)
}

func (p *Pool) renderFrame(ctx context.Context, kind byte, payload ...[]byte) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, p.cfg.Timeout)
	defer cancel()
	var t token
	for t.w == nil {
		select {
		case t = <-p.idle:
			if !t.w.ready.Load() || t.w.gen.Load() != t.gen {
				t = token{} // its process died; the supervisor adds a fresh token
			}
		case <-ctx.Done():
			return nil, ErrUnavailable
		}
	}
	html, err := t.w.render(ctx, t.gen, kind, payload)
	if t.w.ready.Load() && t.w.gen.Load() == t.gen {
		p.release(t)
	}
	return html, err
}

// release makes a worker available again. The channel is far larger than
// the number of live tokens, so this never blocks; stale tokens are
// dropped when taken.
func (p *Pool) release(t token) {
	select {
	case p.idle <- t:
	default:
		p.cfg.Logger.Error("render pool: idle queue full; dropping a worker token", "worker", t.w.id)
	}
}

// render sends one render frame on the worker's persistent connection,
// dialling it when there is none. Any failure closes the connection, so a
// late answer to a request that timed out is never read as the next one's.
func (w *worker) render(ctx context.Context, gen int64, kind byte, payload [][]byte) ([]byte, error) {
	if w.conn != nil && w.conn.gen != gen {
		w.conn.Close() // dialled to a process that has since been restarted
		w.conn = nil
	}
	if w.conn == nil {
		c, err := dialFrames(ctx, w.socket)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ErrUnavailable
			}
			return nil, fmt.Errorf("render worker %d: %w", w.id, err)
		}
		c.gen = gen
		w.conn = c
	}
	status, out, err := w.conn.roundTrip(ctx, kind, payload...)
	if err != nil {
		w.conn.Close()
		w.conn = nil
		if ctx.Err() != nil {
			return nil, ErrUnavailable
		}
		return nil, fmt.Errorf("render worker %d: %w", w.id, err)
	}
	if status != 0 {
		return nil, fmt.Errorf("render worker %d: render failed: %s", w.id, bytes.TrimSpace(out))
	}
	return out, nil
}

// maxAnswer bounds one answer of a worker (a page's HTML is far smaller).
const maxAnswer = 64 << 20

// frameConn is a connection speaking the worker's frames: a request is a
// u32 big-endian length then a kind byte and the payload; an answer a
// status byte, a u32 big-endian length and the body.
type frameConn struct {
	net.Conn
	r   *bufio.Reader
	gen int64 // the worker process generation it was dialled to
}

func dialFrames(ctx context.Context, socket string) (*frameConn, error) {
	var d net.Dialer
	c, err := d.DialContext(ctx, "unix", socket)
	if err != nil {
		return nil, err
	}
	return &frameConn{Conn: c, r: bufio.NewReaderSize(c, 64<<10)}, nil
}

// roundTrip writes one request and reads its answer within ctx's deadline.
func (c *frameConn) roundTrip(ctx context.Context, kind byte, payload ...[]byte) (status byte, body []byte, err error) {
	if dl, ok := ctx.Deadline(); ok {
		c.SetDeadline(dl)
	} else {
		c.SetDeadline(time.Time{})
	}
	// A cancelled context (the client went away) ends the wait at once.
	stop := context.AfterFunc(ctx, func() { c.SetDeadline(time.Now()) })
	defer stop()
	var head [5]byte
	size := 1
	for _, b := range payload {
		size += len(b)
	}
	binary.BigEndian.PutUint32(head[:4], uint32(size))
	head[4] = kind
	bufs := append(net.Buffers{head[:]}, payload...)
	if _, err := bufs.WriteTo(c.Conn); err != nil {
		return 0, nil, err
	}
	if _, err := io.ReadFull(c.r, head[:]); err != nil {
		return 0, nil, err
	}
	n := binary.BigEndian.Uint32(head[1:5])
	if n > maxAnswer {
		return 0, nil, fmt.Errorf("answer of %d bytes is over the limit", n)
	}
	body = make([]byte, n)
	if _, err := io.ReadFull(c.r, body); err != nil {
		return 0, nil, err
	}
	return head[0], body, nil
}

// Ready returns how many workers are up.
func (p *Pool) Ready() int {
	n := 0
	for _, w := range p.workers {
		if w.ready.Load() {
			n++
		}
	}
	return n
}

// Size returns the configured number of workers.
func (p *Pool) Size() int { return len(p.workers) }

// Restarts returns how many times workers were restarted.
func (p *Pool) Restarts() int64 { return p.restart.Load() }

// PIDs returns the process ids of the running workers (tests kill them).
func (p *Pool) PIDs() []int {
	var out []int
	for _, w := range p.workers {
		w.mu.Lock()
		if w.cmd != nil && w.cmd.Process != nil && w.ready.Load() {
			out = append(out, w.cmd.Process.Pid)
		}
		w.mu.Unlock()
	}
	return out
}

// Close stops the workers (SIGINT, then SIGKILL after 3 s) and waits.
func (p *Pool) Close() {
	p.cancel()
	p.wg.Wait()
	os.RemoveAll(p.cfg.SocketDir)
}
