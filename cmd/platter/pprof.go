//go:build pprof

package main

// Built only with `-tags pprof` (bench/menu-list.sh PROFILE=1): net/http/pprof
// on PLATTER_PPROF_ADDR, for CPU profiles under load. Release binaries have
// no profiler to expose.

import (
	"net/http"
	_ "net/http/pprof"
	"os"
	"time"
)

func init() {
	if addr := os.Getenv("PLATTER_PPROF_ADDR"); addr != "" {
		srv := &http.Server{Addr: addr, ReadHeaderTimeout: 10 * time.Second}
		go func() { _ = srv.ListenAndServe() }()
	}
}
