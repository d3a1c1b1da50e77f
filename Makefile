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
DEMO_EDITOR_ACCOUNTS ?= redaktor:$$2a$$12$$TDlk248Auz/TZNFMy2iZse/Psip724.OgVyFVebfTGDfFQjMKRVxe:*
# Demo staff for `make run` (password "forecourt-demo", README.md): a workshop
# account for every group-se workshop, one for Norrtälje's workshop (D-1011)
# only, a seller of one group-se dealer site and an admin. The hash is the
# demo editor's (the same password).
DEMO_HASH := $$2a$$12$$TDlk248Auz/TZNFMy2iZse/Psip724.OgVyFVebfTGDfFQjMKRVxe
DEMO_STAFF_ACCOUNTS ?= verkstad:$(DEMO_HASH):workshop:group-se,verkstad-norrtalje:$(DEMO_HASH):workshop:D-1011,saljare:$(DEMO_HASH):sales:group-se/stockholm-kungsholmen,admin:$(DEMO_HASH):admin
WEB_STAMP := web/node_modules/.forecourt-installed

.PHONY: test-fuzz mailpit mailpit-start mailpit-stop run test build deps deps-web deps-go deps-browser deps-java build-web build-go seed test-go test-web test-e2e bench clean

# Without SMTP_ADDR, `make run` starts the Mailpit mail catcher (SMTP on
# 127.0.0.1:1025, mail read at http://127.0.0.1:8025) and sends mail there.
run: build seed
	@if [ -z "$$SMTP_ADDR" ]; then $(MAKE) --no-print-directory mailpit-start || echo "warning: mail catcher not started; mails stay queued until it runs"; fi
	PORT=$(PORT) DATA_DIR=$(DATA_DIR) EDITOR_ACCOUNTS='$(DEMO_EDITOR_ACCOUNTS)' STAFF_ACCOUNTS='$(DEMO_STAFF_ACCOUNTS)' SMTP_ADDR=$${SMTP_ADDR:-127.0.0.1:1025} ./$(BIN) serve

test: build deps-browser deps-java test-go test-fuzz test-web test-e2e

build: build-web build-go

deps: deps-go deps-web deps-java

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

# Java for the Nu Html Checker (vnu-jar in web/devDependencies), which the
# html-valid journey runs over every template's server HTML.
deps-java:
	@command -v java >/dev/null 2>&1 || { \
	  echo "installing Java (Debian's default-jre-headless) for the Nu Html Checker"; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless) >/dev/null; }

build-web: deps-web
	cd web && npm run build

build-go: deps-go
	$(GO) build -o $(BIN) ./cmd/forecourt

seed: build-go
	DATA_DIR=$(DATA_DIR) ./$(BIN) seed

test-go:
	$(GO) vet ./...
	$(GO) test -count=1 ./...

# A short run of every Go fuzz target (FUZZTIME each, about 30 s in all).
# A crash is written to the package's testdata/fuzz/<Target>/ and is then a
# test case of `go test`: commit it with the fix.
FUZZTIME ?= 2s
FUZZ_TARGETS := ./internal/search:FuzzParseQuery ./internal/catalogpages:FuzzParseListQuery \
	./internal/catalog:FuzzParseFeedRecords ./internal/leads:FuzzParseSubmission \
	./internal/finance:FuzzDecodeQuoteRef ./internal/finance:FuzzParseFinanceRequests \
	./internal/cardetail:FuzzDetailInputs ./internal/web:FuzzSafeNext ./internal/web:FuzzRedirectRules \
	./internal/web:FuzzPageRedirects ./internal/web:FuzzValidPath ./internal/media:FuzzMediaPaths
test-fuzz:
	@for t in $(FUZZ_TARGETS); do \
	  $(GO) test -run '^$$' -fuzz "^$${t##*:}$$" -fuzztime $(FUZZTIME) -parallel 2 "$${t%%:*}" >/dev/null || \
	    { echo "fuzz $$t failed (see the package's testdata/fuzz)"; $(GO) test -run '^$$' -fuzz "^$${t##*:}$$" -fuzztime 1x "$${t%%:*}"; exit 1; }; \
	  echo "fuzz $$t ok"; \
	done

test-web: deps-web
	cd web && npm run lint && npm run typecheck && npm test
	cd web && node scripts/first-load.mjs

test-e2e: build deps-browser deps-java
	cd web && node --test --test-concurrency=1 ../e2e/

bench: build
	./bench/pages.sh home 15
	./bench/pages.sh list 15
	./bench/pages.sh detail 15
	go test -run x -bench . -benchtime 3s ./internal/search/ ./internal/finance/
	go test -run x -bench . -benchtime 2s ./internal/booking/...

clean:
	rm -rf bin web/dist

# Mailpit, the development mail catcher, built into bin/ from its Go module.
# The module holds the web UI's sources but not its build, so the UI is built
# with npm (esbuild) before `go build` embeds it.
MAILPIT_VERSION ?= v1.27.11
MAILPIT := bin/mailpit
MAILPIT_SRC := bin/mailpit-src
$(MAILPIT):
	rm -rf $(MAILPIT_SRC) && mkdir -p bin
	dir=$$(cd "$$(mktemp -d)" && $(GO) mod download -json github.com/axllent/mailpit@$(MAILPIT_VERSION) | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$$/\1/p') && \
	  cp -r "$$dir" $(MAILPIT_SRC) && chmod -R u+w $(MAILPIT_SRC)
	cd $(MAILPIT_SRC) && npm ci --no-audit --no-fund --ignore-scripts && npm rebuild esbuild && npm run package
	cd $(MAILPIT_SRC) && $(GO) build -ldflags "-s -w -X github.com/axllent/mailpit/config.Version=$(MAILPIT_VERSION)" -o $(CURDIR)/$(MAILPIT) .
mailpit: $(MAILPIT)

# Starts Mailpit in the background unless something already answers on 8025.
mailpit-start: $(MAILPIT)
	@mkdir -p $(DATA_DIR)
	@if (exec 3<>/dev/tcp/127.0.0.1/8025) 2>/dev/null; then echo "mail catcher already running: http://127.0.0.1:8025"; \
	else nohup ./$(MAILPIT) --smtp 127.0.0.1:1025 --listen 127.0.0.1:8025 --database $(DATA_DIR)/mailpit.db \
	  --max 2000 --disable-version-check > $(DATA_DIR)/mailpit.log 2>&1 & echo $$! > $(DATA_DIR)/mailpit.pid; \
	  echo "mail catcher started: read mail at http://127.0.0.1:8025 (SMTP 127.0.0.1:1025)"; fi

mailpit-stop:
	@if [ -f $(DATA_DIR)/mailpit.pid ]; then kill $$(cat $(DATA_DIR)/mailpit.pid) 2>/dev/null; rm -f $(DATA_DIR)/mailpit.pid; fi
