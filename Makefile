# Platter: `make run` builds and serves the demo; `make test` runs every test.
# Both install what a fresh machine with Go and Node lacks (npm ci, the web build).

GO      ?= go
VERSION ?= $(shell git describe --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -X main.version=$(VERSION)
STATICCHECK ?= v0.6.1
# Each Go fuzz target runs this long in make test (scripts/fuzz.sh); 10m each is the recorded run.
FUZZTIME ?= 30s

.PHONY: run build web apidocs deps test test-go test-web web-checks api-lint test-e2e e2e-run screenshots bench bench-streams bench-checkout bench-scale chaos chaos-ci fuzz lighthouse clean

## run: build, load the demo data and serve at http://localhost:8080
run: build
	./bin/platter demo
	./bin/platter serve

## build: the web app and the API reference's renderer, then the one binary that embeds them (bin/platter)
build: web apidocs
	$(GO) build -ldflags "$(LDFLAGS)" -o bin/platter ./cmd/platter

web: web/node_modules/.installed
	cd web && npm run build

# The API reference page (/api/docs, package api) renders api/openapi.yaml with
# Redoc's standalone bundle, pinned in tools/ and copied beside the page here:
# embedded in the binary, outside the storefront's bundle, never fetched from a CDN.
# The one address elsewhere in the bundle, its credit's logo, becomes an empty
# data: image, so the page asks nothing of any other host.
apidocs: tools/node_modules/.installed
	sed 's|https://cdn.redoc.ly/redoc/logo-mini.svg|data:,|' tools/node_modules/redoc/bundles/redoc.standalone.js \
		>api/docs/redoc.standalone.js
	cp tools/node_modules/redoc/bundles/redoc.standalone.js.LICENSE.txt api/docs/

web/node_modules/.installed: web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	touch $@

e2e/node_modules/.installed: e2e/package.json e2e/package-lock.json
	cd e2e && npm ci --no-audit --no-fund
	touch $@

# tools/ holds the npm packages that build and check things outside the
# storefront's bundle (the OpenAPI linter).
tools/node_modules/.installed: tools/package.json tools/package-lock.json
	cd tools && npm ci --no-audit --no-fund
	touch $@

## test: Go (SQLite, plus PostgreSQL when PLATTER_TEST_POSTGRES_URL is set), web unit tests,
## typecheck, lint, the fuzz targets, a 60-second chaos run (chaos-ci) and the browser end-to-end suite
#
# Three stages on a 2-core machine (timings: docs/operations.md, "How long make test takes"): the build (the
# web app, whose `tsc -b` is the type check, then the binary the e2e suite serves); then the Go checks and
# tests, the web unit tests and lint, and the fuzz targets side by side (the Go tests mostly wait on
# PostgreSQL, fsync and mail; each fuzz target runs for a fixed time whatever else runs); then chaos-ci beside
# the browser suite (chaos-ci loads the machine for its first minute, then mostly waits out the leases of
# killed instances). Each job's output comes out whole when it ends (--output-sync).
test: build e2e/node_modules/.installed tools/node_modules/.installed
	$(MAKE) --no-print-directory -j3 --output-sync=target test-go web-checks fuzz
	$(MAKE) --no-print-directory -j2 --output-sync=target chaos-ci e2e-run

test-go:
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { echo "gofmt needed:"; gofmt -l $$(git ls-files '*.go'); exit 1; }
	$(GO) vet ./...
	$(GO) run honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK) ./...
	scripts/go-test.sh

## fuzz: every Go fuzz target for FUZZTIME each (30s; `make fuzz FUZZTIME=10m` for the longer runs)
fuzz:
	scripts/fuzz.sh $(FUZZTIME)

# The menu page's first-load JS budget (150 KB gzip) is measured on the web build
# that test-e2e's build shares (make builds `web` once per run). That build begins
# with `tsc -b`, the very check `npm run typecheck` makes (every web/tsconfig.*.json
# is noEmit), so the type check is not run twice. Lint (one process) and Vitest (one
# worker on a 2-core machine) run side by side; lint's output follows Vitest's.
test-web: web
	$(MAKE) --no-print-directory web-checks

web-checks: api-lint
	@mkdir -p bin
	cd web && { npm run lint >../bin/web-lint.log 2>&1 & lint=$$!; npm test; tests=$$?; \
		wait $$lint; status=$$?; cat ../bin/web-lint.log; [ $$tests -eq 0 ] && [ $$status -eq 0 ]; }
	node bench/bundle-size.mjs --no-append --dist web/dist
	@# The web app's API types must be what the contract generates (npm run gen:api): they drifted
	@# three times in one day when a branch changed api/openapi.yaml and not them.
	cd web && npx openapi-typescript ../api/openapi.yaml -o ../bin/schema.d.ts >/dev/null 2>&1 && \
		{ cmp -s ../bin/schema.d.ts src/lib/api/schema.d.ts || \
		{ echo "web/src/lib/api/schema.d.ts is not what api/openapi.yaml generates: run npm run gen:api in web/"; exit 1; }; }

# api/openapi.yaml under Redocly's recommended rules (redocly.yaml): 0 errors, or
# the run fails. Offline: no telemetry, no update check.
api-lint: tools/node_modules/.installed
	REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true tools/node_modules/.bin/redocly lint \
		--format=summary api/openapi.yaml

# The e2e suite runs with the browser's clock at a Monday 12:00 and again at 04:00 in London (demo
# venues open, then closed; e2e/README.md); PLATTER_E2E_NOW=open|closed|<ISO time> runs it once.
test-e2e: build e2e/node_modules/.installed
	$(MAKE) --no-print-directory e2e-run

e2e-run:
	cd e2e && npx playwright test

## screenshots: pages for people to look at, in e2e/screenshots/ (compared to nothing; not in `make test`)
screenshots: build e2e/node_modules/.installed
	cd e2e && npx playwright test -c playwright.screenshots.config.ts

## bench: load menu/list beside a bare net/http server answering the same bytes; figures in bench/RESULTS.md
bench: build
	bench/menu-list.sh

## bench-streams: 10,000 order event streams on one server; memory per stream and p99 in bench/RESULTS.md
bench-streams: build
	bench/streams.sh

## bench-checkout: whole checkouts (quote + prepare + pay) by 8 customers on SQLite (and PostgreSQL with
## BENCH_POSTGRES_URL); checkouts/s, p50/p99 and CPU ms per checkout in bench/RESULTS.md (about a minute)
bench-checkout: build
	bench/checkout.sh

## bench-scale: checkouts through HAProxy over 1, 2 and 3 instances on the local PostgreSQL (PG_ADMIN_URL);
## checkouts/s, p50/p99 and server CPU ms per checkout summed over the instances in bench/RESULTS.md
bench-scale: build
	bench/scale/scale.sh

## chaos: 5 minutes of checkouts through HAProxy while an instance is killed (kill -9) every 20 s, on PostgreSQL
## then SQLite; bench/scale/chaoscheck proves nothing was lost or doubled; summaries in bench/RESULTS.md
chaos: build
	DB=postgres bench/scale/chaos.sh
	DB=sqlite bench/scale/chaos.sh

# The 60-second chaos of make test (kill -9 every 15 s; nothing appended to bench/RESULTS.md): SQLite, and
# PostgreSQL beside it when PLATTER_TEST_POSTGRES_URL names a server that may create databases (as for the
# Go tests). Both mostly wait (on leases a killed instance held), so they run side by side. Small promo and
# slot limits, so that a minute's orders on a busy machine reach them.
chaos-ci:
	@mkdir -p bin
	@pg=; if [ -n "$${PLATTER_TEST_POSTGRES_URL:-}" ]; then \
		PG_ADMIN_URL="$$PLATTER_TEST_POSTGRES_URL" DB=postgres DURATION=60s KILL_EVERY=15s NO_APPEND=1 PROMO_USES=8 SLOT_CAPACITY=1 \
			bench/scale/chaos.sh >bin/chaos-postgres.log 2>&1 & pg=$$!; \
	else echo "chaos-ci: PLATTER_TEST_POSTGRES_URL unset, PostgreSQL skipped"; fi; \
	DB=sqlite DURATION=60s KILL_EVERY=15s NO_APPEND=1 PROMO_USES=8 SLOT_CAPACITY=1 \
		bench/scale/chaos.sh >bin/chaos-sqlite.log 2>&1; lite=$$?; \
	pgs=0; [ -z "$$pg" ] || { wait $$pg; pgs=$$?; }; \
	echo "--- chaos, SQLite (exit $$lite) ---"; cat bin/chaos-sqlite.log; \
	[ -z "$$pg" ] || { echo "--- chaos, PostgreSQL (exit $$pgs) ---"; cat bin/chaos-postgres.log; }; \
	[ $$lite -eq 0 ] && [ $$pgs -eq 0 ]

bench/node_modules/.installed: bench/package.json bench/package-lock.json
	cd bench && npm ci --no-audit --no-fund
	touch $@

## lighthouse: Lighthouse (mobile) three times on the menu and home pages of a fresh demo server;
## medians appended to bench/RESULTS.md (a bench, not in `make test`: it takes minutes and moves with load)
lighthouse: build bench/node_modules/.installed
	node bench/lighthouse.mjs

clean:
	rm -rf bin web/dist/assets web/dist/index.html api/docs/redoc.standalone.js api/docs/redoc.standalone.js.LICENSE.txt
