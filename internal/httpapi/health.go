package httpapi

import (
	"context"
	"net/http"
	"time"
)

// healthz answers while the process is up.
func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"status": "ok", "version": s.version})
}

// Drain makes /readyz answer 503 from now on: the process is stopping, and
// load balancers should send it nothing new while it finishes what it has.
// /healthz and every other route keep answering.
func (s *Server) Drain() { s.draining.Store(true) }

// readyz answers 200 only when the database is reachable and every migration
// is applied, so a load balancer sends no traffic to an instance that can't
// serve it; and 503 once the process is stopping (Drain).
func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	if s.draining.Load() {
		writeJSON(w, http.StatusServiceUnavailable, map[string]any{"status": "unavailable",
			"checks": map[string]string{"shutdown": "draining"}})
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	checks := map[string]string{"database": "ok", "migrations": "ok"}
	status := http.StatusOK
	if err := s.health.Ping(ctx); err != nil {
		checks["database"] = "unreachable"
		status = http.StatusServiceUnavailable
		s.log.Warn("readyz: database unreachable", "err", err)
	} else if n, err := s.health.Pending(ctx); err != nil || n > 0 {
		checks["migrations"] = "pending"
		status = http.StatusServiceUnavailable
	}
	writeJSON(w, status, map[string]any{"status": map[bool]string{true: "ok", false: "unavailable"}[status == 200], "checks": checks})
}
