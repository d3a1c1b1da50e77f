package web

import (
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

// metrics are the server's Prometheus metrics, served at /metrics.
type metrics struct {
	reg       *prometheus.Registry
	requests  *prometheus.HistogramVec
	render    prometheus.Histogram
	fallbacks *prometheus.CounterVec
	restarts  prometheus.Counter
	docs      *prometheus.CounterVec
	// The document cache's answers, looked up once (a hit is a few
	// microseconds; a label lookup per hit was a visible part).
	docMemory, docStore, docStale, docMiss prometheus.Counter
}

func newMetrics() *metrics {
	m := &metrics{reg: prometheus.NewRegistry()}
	buckets := []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5}
	m.requests = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "forecourt_http_request_duration_seconds", Help: "HTTP request latency by route.", Buckets: buckets,
	}, []string{"route", "method", "status"})
	m.render = prometheus.NewHistogram(prometheus.HistogramOpts{
		Name: "forecourt_render_duration_seconds", Help: "Server render time of a page by the Node workers.", Buckets: buckets,
	})
	m.fallbacks = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "forecourt_render_fallbacks_total", Help: "Pages served with client-side rendering because the server render failed.",
	}, []string{"reason"})
	m.restarts = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "forecourt_render_worker_restarts_total", Help: "Render worker restarts.",
	})
	m.docs = docMetric()
	m.docMemory, m.docStore = m.docs.WithLabelValues("memory"), m.docs.WithLabelValues("prerendered")
	m.docStale, m.docMiss = m.docs.WithLabelValues("stale"), m.docs.WithLabelValues("miss")
	m.reg.MustRegister(m.requests, m.render, m.fallbacks, m.restarts, m.docs,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// methodLabel folds request methods into a fixed set, so a client cannot
// add series by sending made-up method names.
func methodLabel(m string) string {
	switch m {
	case "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS":
		return m
	}
	return "other"
}
