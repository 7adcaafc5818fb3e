# The two commands: `make run` (set up and serve the demo store) and `make test` (every test suite).
SHELL := /bin/bash
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
CHROMIUM ?= /usr/bin/chromium
HOST ?= 127.0.0.1
PORT ?= 8000
TEST_OP := tests/sso/op
FRONTEND_SOURCES := $(shell find frontend/src frontend/public frontend/scripts frontend/vite frontend/index.html frontend/vite.config.ts frontend/tsconfig.json schema.graphql -type f 2>/dev/null)

.PHONY: run install lock frontend migrate seed test lint typecheck test-backend test-frontend test-browser check-chromium schema openapi bench bench-instructions format clean

# The address links in e-mails are built on (invitations, password resets): the one `make run` serves on, so that
# `make run PORT=8001` mails links on 8001 (a server listening on every interface is reached on 127.0.0.1). Given to
# make (`make run SITE_URL=…` or the environment), SITE_URL is kept.
SITE_URL ?= http://$(if $(filter 0.0.0.0 ::,$(HOST)),127.0.0.1,$(HOST)):$(PORT)

## run: install, build the overlay, migrate, load the demo store, serve on http://127.0.0.1:8000 (mail: /dev/mail/)
run: install frontend migrate seed
	DEBUG=true SITE_URL='$(SITE_URL)' $(PY) manage.py runserver $(HOST):$(PORT)

install: $(VENV)/.installed frontend/node_modules/.installed $(TEST_OP)/node_modules/.installed

# Every Python distribution from requirements.lock, each checked against its hashes (plain pip, nothing else to
# install first); then the project itself, without dependencies and without fetching a build backend (setuptools is
# in the lock). `make lock` writes the lock again from pyproject.toml (README: "Upgrading a dependency").
$(VENV)/.installed: pyproject.toml requirements.lock
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --require-hashes --no-deps -r requirements.lock
	$(PY) -m pip install --quiet --no-deps --no-build-isolation -e .
	touch $@

## lock: compile requirements.lock from pyproject.toml (pins with hashes); UPGRADE=name takes that one's newest
lock: $(VENV)/.installed
	$(VENV)/bin/pip-compile --quiet --generate-hashes --allow-unsafe --extra dev --strip-extras \
	  --no-emit-index-url --no-emit-find-links $(if $(UPGRADE),--upgrade-package '$(UPGRADE)') \
	  -o requirements.lock pyproject.toml

frontend/node_modules/.installed: frontend/package.json frontend/package-lock.json
	cd frontend && npm ci --no-audit --no-fund
	touch $@

# The test OpenID Provider of the single sign-on tests (tests/sso/op: node-oidc-provider); never deployed.
$(TEST_OP)/node_modules/.installed: $(TEST_OP)/package.json $(TEST_OP)/package-lock.json
	cd $(TEST_OP) && npm ci --no-audit --no-fund
	touch $@

## frontend: build the overlay into frontend/dist (only when its sources changed)
frontend: frontend/dist/.vite/manifest.json

frontend/dist/.vite/manifest.json: frontend/node_modules/.installed $(FRONTEND_SOURCES)
	cd frontend && npm run build

migrate: $(VENV)/.installed
	DEBUG=true $(PY) manage.py migrate --no-input

seed: $(VENV)/.installed
	DEBUG=true $(PY) manage.py seed_demo

## test: lint, backend, frontend and browser tests
test: lint test-backend test-frontend test-browser

lint: $(VENV)/.installed frontend/node_modules/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	cd frontend && npm run lint

## typecheck: mypy (with the Django and DRF stubs) over the apps' production code; the settings in pyproject.toml
typecheck: $(VENV)/.installed
	$(VENV)/bin/mypy

# On every core (pytest-xdist): each worker has its own test database and cache (portal/settings_test.py).
# The SAML tests' identity provider (pysaml2) signs with the xmlsec1 program: `apt-get install xmlsec1` (README).
test-backend: $(VENV)/.installed $(TEST_OP)/node_modules/.installed
	$(VENV)/bin/pytest -m "not e2e" -q -n auto

test-frontend: frontend/node_modules/.installed
	cd frontend && npm run typecheck && npm test

# Two browsers at once (pytest-xdist; each worker has its own live server, database and cache): the journeys wait on
# pages as much as they compute, and the suite is the longest part of CI. BROWSER_WORKERS=1 runs them one by one.
BROWSER_WORKERS ?= 2
test-browser: check-chromium install frontend
	DJANGO_ALLOW_ASYNC_UNSAFE=true $(VENV)/bin/pytest -m e2e -q -n $(BROWSER_WORKERS)

check-chromium:
	@if [ ! -x "$(CHROMIUM)" ]; then \
	  echo ""; \
	  echo "################################################################################"; \
	  echo "##  No Chromium at $(CHROMIUM): the browser tests cannot run."; \
	  echo "##  Install it with:   sudo apt-get install -y chromium"; \
	  echo "##  (or point CHROMIUM=/path/to/chromium at another build)"; \
	  echo "################################################################################"; \
	  echo ""; \
	  exit 1; \
	fi

## schema: export the GraphQL SDL to schema.graphql (a test fails when it is out of date)
schema: $(VENV)/.installed
	DEBUG=true $(PY) manage.py export_schema portal.schema --path schema.graphql

## openapi: export the OpenAPI description of the REST edges to openapi.yaml (a test fails when it is out of date)
openapi: $(VENV)/.installed
	DEBUG=true $(PY) manage.py spectacular --validate --fail-on-warn --file openapi.yaml

## bench: print the benchmark figures (bench/*.py)
bench: install frontend bench-instructions
	@for b in bench/*.py; do echo "== $$b"; $(PY) $$b || exit 1; done

## bench-instructions: instructions per request of the start-up mix (valgrind) against bench/instructions-limits.json
bench-instructions: install
	$(PY) -m bench.loadkit.instructions --check bench/instructions-limits.json

format: $(VENV)/.installed
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

clean:
	rm -rf frontend/dist var/test-*.sqlite3 var/test-media-*
