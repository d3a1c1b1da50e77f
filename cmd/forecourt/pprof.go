package main

import (
	"net/http"
	"net/http/pprof"
)

// pprofMux serves the Go profiler; serve mounts it on PPROF_ADDR (e.g.
// 127.0.0.1:6060) when that setting is present, for benchmarking.
func pprofMux() *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	return mux
}
