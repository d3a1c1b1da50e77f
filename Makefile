# forecourt — `make run` serves the demo on http://127.0.0.1:8080, `make test` runs every test.
SHELL := /bin/bash
export PATH := /usr/local/go/bin:$(PATH)
GO ?= go
PORT ?= 8080
DATA_DIR ?= ./data
BIN := bin/forecourt
# Demo editor for `make run`: sign in at /editor/login as "redaktor" with the
# password "forecourt-demo" (documented in README.md). Only its bcrypt hash is
# here; real deployments set EDITOR_ACCOUNTS themselves.
DEMO_EDITOR_ACCOUNTS ?= redaktor:$$2a$$12$$TDlk248Auz/TZNFMy2iZse/Psip724.OgVyFVebfTGDfFQjMKRVxe
WEB_STAMP := web/node_modules/.forecourt-installed

.PHONY: run test build deps deps-web deps-go deps-browser build-web build-go seed test-go test-web test-e2e bench clean

run: build seed
	PORT=$(PORT) DATA_DIR=$(DATA_DIR) EDITOR_ACCOUNTS='$(DEMO_EDITOR_ACCOUNTS)' ./$(BIN) serve

test: build deps-browser test-go test-web test-e2e

build: build-web build-go

deps: deps-go deps-web

deps-go:
	$(GO) mod download

# npm ci only when the lock file changed since the last install.
deps-web: $(WEB_STAMP)
$(WEB_STAMP): web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	touch $@

# Debian's Chromium for the browser tests (Playwright's own download cannot work here).
deps-browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "installing chromium (Debian package) for browser tests"; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core) >/dev/null; }

build-web: deps-web
	cd web && npm run build

build-go: deps-go
	$(GO) build -o $(BIN) ./cmd/forecourt

seed: build-go
	DATA_DIR=$(DATA_DIR) ./$(BIN) seed

test-go:
	$(GO) vet ./...
	$(GO) test -count=1 ./...

test-web: deps-web
	cd web && npm run typecheck && npm test
	cd web && node scripts/first-load.mjs

test-e2e: build deps-browser
	cd web && node --test --test-concurrency=1 ../e2e/

bench: build
	./bench/pages.sh home 15
	./bench/pages.sh list 15
	./bench/pages.sh detail 15
	go test -run x -bench . -benchtime 3s ./internal/search/ ./internal/finance/

clean:
	rm -rf bin web/dist
