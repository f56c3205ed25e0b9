# Platter: `make run` builds and serves the demo; `make test` runs every test.
# Both install what a fresh machine with Go and Node lacks (npm ci, the web build).

GO      ?= go
VERSION ?= $(shell git describe --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -X main.version=$(VERSION)
STATICCHECK ?= v0.6.1

.PHONY: run build web deps test test-go test-web web-checks test-e2e e2e-run screenshots bench bench-streams bench-checkout lighthouse clean

## run: build, load the demo data and serve at http://localhost:8080
run: build
	./bin/platter demo
	./bin/platter serve

## build: the web app, then the one binary that embeds it (bin/platter)
build: web
	$(GO) build -ldflags "$(LDFLAGS)" -o bin/platter ./cmd/platter

web: web/node_modules/.installed
	cd web && npm run build

web/node_modules/.installed: web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	touch $@

e2e/node_modules/.installed: e2e/package.json e2e/package-lock.json
	cd e2e && npm ci --no-audit --no-fund
	touch $@

## test: Go (SQLite, plus PostgreSQL when PLATTER_TEST_POSTGRES_URL is set), web unit tests,
## typecheck, lint, and the browser end-to-end suite
#
# Three stages on a 2-core machine (before/after timings: docs/operations.md, "How long make test takes"):
# the build (the web app, whose `tsc -b` is the type check, then the binary the e2e suite serves); then
# the Go checks and tests beside the web unit tests and lint (the Go tests mostly wait on PostgreSQL,
# fsync and mail: profiled, their process used a tenth of a core); then the browser suite alone
# (Chromium wants both cores). Each stage's output comes out whole when it ends (--output-sync).
test: build e2e/node_modules/.installed
	$(MAKE) --no-print-directory -j2 --output-sync=target test-go web-checks
	$(MAKE) --no-print-directory e2e-run

test-go:
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { echo "gofmt needed:"; gofmt -l $$(git ls-files '*.go'); exit 1; }
	$(GO) vet ./...
	$(GO) run honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK) ./...
	scripts/go-test.sh

# The menu page's first-load JS budget (150 KB gzip) is measured on the web build
# that test-e2e's build shares (make builds `web` once per run). That build begins
# with `tsc -b`, the very check `npm run typecheck` makes (every web/tsconfig.*.json
# is noEmit), so the type check is not run twice. Lint (one process) and Vitest (one
# worker on a 2-core machine) run side by side; lint's output follows Vitest's.
test-web: web
	$(MAKE) --no-print-directory web-checks

web-checks:
	@mkdir -p bin
	cd web && { npm run lint >../bin/web-lint.log 2>&1 & lint=$$!; npm test; tests=$$?; \
		wait $$lint; status=$$?; cat ../bin/web-lint.log; [ $$tests -eq 0 ] && [ $$status -eq 0 ]; }
	node bench/bundle-size.mjs --no-append --dist web/dist

# The e2e suite runs with the browser's clock at a Monday 12:00 and again at 04:00 in London (demo
# venues open, then closed; e2e/README.md); PLATTER_E2E_NOW=open|closed|<ISO time> runs it once.
test-e2e: build e2e/node_modules/.installed
	$(MAKE) --no-print-directory e2e-run

e2e-run:
	cd e2e && npx playwright test

## screenshots: pages for people to look at, in e2e/screenshots/ (compared to nothing; not in `make test`)
screenshots: build e2e/node_modules/.installed
	cd e2e && npx playwright test -c playwright.screenshots.config.ts

## bench: load menu/list beside a static asset and record the figures in bench/RESULTS.md
bench: build
	bench/menu-list.sh

## bench-streams: 10,000 order event streams on one server; memory per stream and p99 in bench/RESULTS.md
bench-streams: build
	bench/streams.sh

## bench-checkout: whole checkouts (quote + prepare + pay) by 8 customers on SQLite (and PostgreSQL with
## BENCH_POSTGRES_URL); checkouts/s, p50/p99 and CPU ms per checkout in bench/RESULTS.md (about a minute)
bench-checkout: build
	bench/checkout.sh

bench/node_modules/.installed: bench/package.json bench/package-lock.json
	cd bench && npm ci --no-audit --no-fund
	touch $@

## lighthouse: Lighthouse (mobile) three times on the menu and home pages of a fresh demo server;
## medians appended to bench/RESULTS.md (a bench, not in `make test`: it takes minutes and moves with load)
lighthouse: build bench/node_modules/.installed
	node bench/lighthouse.mjs

clean:
	rm -rf bin web/dist/assets web/dist/index.html
