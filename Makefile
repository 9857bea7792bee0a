# Staffbook: `make run` serves the demo locally, `make test` runs every test. Both install
# what they need (PostgreSQL 15 from Debian's packages) and need no Docker.
SHELL := /bin/bash
.DEFAULT_GOAL := run

PG_PORT ?= 54329
export STAFFBOOK_PG_PORT := $(PG_PORT)
LOCAL_DB_URL := postgres://staffbook@127.0.0.1:$(PG_PORT)/staffbook
TEST_ADMIN_URL := postgres://staffbook@127.0.0.1:$(PG_PORT)/postgres
BIN := .build/debug/staffbook

.PHONY: run test verify bench build db db-stop compose-check clean-test-dbs test-tools lint format system-libraries client operations

## The server and the helper that reads PDFs' ISDOC attachments (poppler, a child process).
build: system-libraries
	swift build --product staffbook
	swift build --product staffbook-pdf-attachments

## poppler's GLib API (the PDF attachment helper links it) and its tools (tests attach ISDOCs
## to PDFs with pdfattach), libzip (ISDOCX containers), zlib (the reference page gzipped) and
## libqrencode (second-factor enrolment's QR code), from Debian's packages.
system-libraries:
	@pkg-config --exists poppler-glib libzip zlib libqrencode && command -v pdfattach >/dev/null || { apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libpoppler-glib-dev poppler-utils libzip-dev zlib1g-dev \
	  libqrencode-dev >/dev/null; }

db:
	@scripts/local-postgres.sh start

db-stop:
	@scripts/local-postgres.sh stop

DEV_KEY := .local/dev-signing-key

MAIL_PORT ?= 2525

## Start PostgreSQL and a mail sink (.local/mail/), migrate, load the demo data and serve on
## http://127.0.0.1:8080.
run: db build $(DEV_KEY)
	@scripts/local-postgres.sh createdb staffbook
	@STAFFBOOK_MAIL_PORT=$(MAIL_PORT) scripts/dev-mail-sink.sh start
	@DATABASE_URL=$(LOCAL_DB_URL) $(BIN) migrate
	@DATABASE_URL=$(LOCAL_DB_URL) $(BIN) seed
	@scripts/print-welcome.sh
	@DATABASE_URL=$(LOCAL_DB_URL) AUTH_SIGNING_KEY="$$(cat $(DEV_KEY))" SMTP_HOST=127.0.0.1 SMTP_PORT=$(MAIL_PORT) SMTP_SECURITY=none \
	  SMTP_FROM=staffbook@localhost COMPANY_ICO=28123450 exec $(BIN) serve --no-migrate

## A signing key for local development only: made on the first run, git-ignored, reused.
$(DEV_KEY):
	@mkdir -p .local && umask 077 && echo "dev-$$(date +%Y%m%d):$$(head -c 48 /dev/urandom | base64 -w0)" > $@
	@echo "Created a local development signing key in $@."

## The whole test suite against throwaway databases on the local cluster, after the lint.
test: lint db compose-check clean-test-dbs test-tools system-libraries
	swift build --build-tests
	@# A test that hangs is named by the test gate (Tests/StaffbookTestSupport/TestGate.swift);
	@# this bounds what is outside it, so a run ends in minutes, never at CI's own limit.
	STAFFBOOK_TEST_DATABASE_URL=$(TEST_ADMIN_URL) timeout --kill-after=30s 30m swift test --skip-build

## swift-format (part of the toolchain) with .swift-format: layout, and no force-unwrap or
## try! in Sources/ (tests may unwrap).
lint:
	swift format lint --strict --parallel --configuration .swift-format --recursive Sources/ Fuzz/Sources/StaffbookFuzz/ Client/Sources/ Client/Examples/Sources/ bench/Ceiling/

## The client package's generated sources (Client/Sources/StaffbookClient/Generated), written
## again from openapi.yaml after a contract change; `make test` fails while they are stale.
client: test-tools
	python3 scripts/generate-client.py

## The server's per-operation tables (forwarding, access and token scopes, body limits), written
## again from the contract's x-staffbook extensions; `make test` fails while they are stale.
operations:
	python3 scripts/generate-operations.py

## Lays out Sources/ as `make lint` wants it.
format:
	swift format format --in-place --parallel --configuration .swift-format --recursive Sources/ Fuzz/Sources/StaffbookFuzz/ Client/Sources/ Client/Examples/Sources/ bench/Ceiling/

## Minutes-long checks with real processes: contract fuzzing per role, two instances racing,
## PostgreSQL stopped under load, SIGTERM/SIGKILL during uploads, hostile documents and slow
## clients (directly and through nginx), workbooks printed to PDF by LibreOffice, the reference
## page in headless Chromium (scripts/verify/verify.py).
verify: db build test-tools
	@# Carlito has Calibri's metrics: the workbooks print as they do in a spreadsheet with Calibri.
	@command -v soffice >/dev/null && command -v pdftotext >/dev/null && fc-list | grep -q Carlito || { apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libreoffice-calc-nogui poppler-utils fonts-dejavu-core \
	  fonts-crosextra-carlito >/dev/null; }
	@command -v chromium >/dev/null && command -v chromedriver >/dev/null || { apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium chromium-driver >/dev/null; }
	@# nginx in front of the server for the slow-client checks (deploy/nginx.conf).
	@command -v nginx >/dev/null || { apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx-light >/dev/null; }
	@.local/venv/bin/python -c "import schemathesis, requests, openpyxl, selenium, axe_core_python, pyotp, standardwebhooks, http_ece, py_vapid, h2" 2>/dev/null || { python3 -m venv .local/venv && \
	  .local/venv/bin/pip install --quiet schemathesis==4.32.5 requests openpyxl selenium==4.38.0 axe-core-python==0.1.0 pyotp==2.9.0 standardwebhooks==1.1.0 http_ece==1.2.1 py-vapid==1.9.6 h2==4.1.0; }
	.local/venv/bin/python scripts/verify/verify.py

## Benchmark at company-group scale (bench/run.py): wrk against the release server next to
## pgbench on the same queries, CPU time per request, and instructions per request under
## valgrind's callgrind (bench/callgrind.py). The data is generated once into its own database
## and reused.
bench: db system-libraries
	@command -v wrk >/dev/null && command -v valgrind >/dev/null && command -v objcopy >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk valgrind binutils >/dev/null; }
	swift build -c release --product staffbook
	swift build -c release --product staffbook-pdf-attachments
	swift build -c release --product staffbook-ceiling
	@python3 -c "import requests" 2>/dev/null || python3 -m pip install --quiet requests
	python3 bench/run.py

## Tests read generated workbooks and calendar feeds back with readers that are not ours
## (openpyxl, icalendar), send mail to a real SMTP server (aiosmtpd, scripts/mail-sink.py) and
## validate the contract's examples (openapi-schema-validator, scripts/check-examples.py).
test-tools:
	@command -v xmllint >/dev/null || { apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libxml2-utils >/dev/null; }
	@python3 -c "import openpyxl, aiosmtpd, yaml, openapi_schema_validator, icalendar, standardwebhooks, http_ece, py_vapid, h2" 2>/dev/null || \
	  python3 -m pip install --quiet openpyxl aiosmtpd pyyaml openapi-schema-validator==0.9.0 icalendar==7.3.2 standardwebhooks==1.1.0 http_ece==1.2.1 py-vapid==1.9.6 h2==4.1.0

## Drop databases left by interrupted test runs (templates are kept and reused).
clean-test-dbs:
	@psql -X -q -h 127.0.0.1 -p $(PG_PORT) -U staffbook -d postgres -tAc \
	  "SELECT format('DROP DATABASE %I WITH (FORCE);', datname) FROM pg_database WHERE datname ~ '^sbt_[0-9a-f]{32}$$'" \
	  | psql -X -q -h 127.0.0.1 -p $(PG_PORT) -U staffbook -d postgres >/dev/null

## docker-compose.yml must stay valid even though no Docker engine runs here.
compose-check:
	@command -v docker-compose >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker-compose >/dev/null; }
	@POSTGRES_PASSWORD=placeholder AUTH_SIGNING_KEY=placeholder docker-compose -f docker-compose.yml config -q && echo "docker-compose.yml is valid."
