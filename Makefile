# Pocha: `make run` serves the app for the phones at the table; `make test` runs every test.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
HOST   ?= 0.0.0.0
PORT   ?= 5000
CHROMIUM := /usr/bin/chromium
# Is a PostgreSQL initdb anywhere tests/support/postgres.py looks? (PATH, pg_config --bindir, Debian's folders)
HAS_INITDB := command -v initdb >/dev/null || test -x "$$(pg_config --bindir 2>/dev/null)/initdb" \
  || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1

TRANSLATIONS := scorekeeper/translations
POT          := $(TRANSLATIONS)/messages.pot
# Keywords that mark interface text, besides gettext's usual _ / gettext / ngettext.
I18N_KEYWORDS := -k _l -k lazy_gettext -k lazy_ngettext:1,2

.PHONY: run production test all-tests test-fast bench bench-taps bench-load fuzz typecheck lint format debian-packages chromium browsers postgresql redis caddy node npm-packages compile-translations translations new-language icons clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# The engine's hot modules are compiled at install (setup.py): reinstall when they change.
$(STAMP): pyproject.toml setup.py scorekeeper/engine/cards.py scorekeeper/engine/counts.py scorekeeper/engine/masks.py scorekeeper/engine/play.py scorekeeper/engine/simulate.py | $(BIN)/python
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

# Serve on the local network; scorekeeper.server.local applies the migrations first.
run: $(STAMP) compile-translations
	$(BIN)/python -m scorekeeper.server.local --host $(HOST) --port $(PORT)

# Serve a club (docs/deploying.md): pocha-server applies the migrations once, then serves with gunicorn's
# threaded workers on 127.0.0.1:8000 for Caddy in front; `make production PORT=8001 WEB_CONCURRENCY=4` and the
# settings of docs/deploying.md (DATABASE_URL, TRUSTED_PROXIES=1, ...) reach it through the environment.
production: $(STAMP) compile-translations
	$(BIN)/pocha-server

# What the tests take from Debian, each package told by a program it installs: any missing are installed together,
# with one `apt-get update` (a fresh machine needs them all). The tests start throwaway servers of their own
# (PostgreSQL, Redis, Caddy: tests/support/), never the system services; Debian's package would also start Caddy as
# a system service where systemd runs: that one is stopped and disabled at once.
#   chromium: most browser tests (Playwright); webkit2gtk-driver and xvfb: WebKit, every iPhone's engine; firefox-esr:
#   Gecko (tests/support/browsers/); nodejs: the phone's rules in Node.js (tests/phone/) and Firefox's driver.
MINIBROWSER := /usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser
DEBIAN_PACKAGES := chromium=$(CHROMIUM) firefox-esr=/usr/bin/firefox-esr webkit2gtk-driver=$(MINIBROWSER) \
  xvfb=Xvfb caddy=caddy redis-server=redis-server nodejs=node
debian-packages:
	@missing=""; for pair in $(DEBIAN_PACKAGES); do package=$${pair%%=*}; program=$${pair#*=}; \
	  case $$program in /*) test -x $$program ;; *) command -v $$program >/dev/null ;; esac || missing="$$missing $$package"; \
	done; $(HAS_INITDB) || missing="$$missing postgresql"; \
	if [ -n "$$missing" ]; then echo "Installing from Debian:$$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing || exit 1; \
	  case "$$missing" in *caddy*) test ! -d /run/systemd/system || systemctl disable --now caddy.service ;; esac; fi

chromium:
	@test -x $(CHROMIUM) || $(MAKE) --no-print-directory debian-packages DEBIAN_PACKAGES=chromium=$(CHROMIUM) HAS_INITDB=true
	@test -x $(CHROMIUM) || { echo "Chromium is missing at $(CHROMIUM)"; exit 1; }

# The database tests start a throwaway PostgreSQL cluster of their own (tests/support/postgres.py): only the server
# programs are needed.
postgresql:
	@$(HAS_INITDB) || $(MAKE) --no-print-directory debian-packages DEBIAN_PACKAGES=
	@$(HAS_INITDB) || { echo "PostgreSQL's initdb is missing (PATH, pg_config --bindir, /usr/lib/postgresql/*/bin)"; exit 1; }

# tests/browser/test_through_caddy.py runs `caddy run` with a Caddyfile of its own in a temporary folder.
caddy:
	@command -v caddy >/dev/null || $(MAKE) --no-print-directory debian-packages DEBIAN_PACKAGES=caddy=caddy HAS_INITDB=true
	@command -v caddy >/dev/null || { echo "caddy is missing"; exit 1; }

# The phone's copy of the hand (static/js/pocha/hand_rules.js) is played against the engine in Node.js
# (tests/phone/test_phone_rules.py): Debian's nodejs.
node:
	@command -v node >/dev/null || $(MAKE) --no-print-directory debian-packages DEBIAN_PACKAGES=nodejs=node HAS_INITDB=true
	@command -v node >/dev/null || { echo "node is missing"; exit 1; }

# The shared rate-limit tests start a redis-server of their own (tests/support/redis_server.py).
redis:
	@command -v redis-server >/dev/null || $(MAKE) --no-print-directory debian-packages DEBIAN_PACKAGES=redis-server=redis-server HAS_INITDB=true
	@command -v redis-server >/dev/null || { echo "redis-server is missing"; exit 1; }

# The journeys every phone makes run in WebKit and Firefox too (tests/browser/every_phone/): WebKitGTK's MiniBrowser
# through WebKitWebDriver on an Xvfb screen, and Firefox ESR headless, driven by puppeteer-core (npm, below).
browsers: debian-packages
	@test -x $(CHROMIUM) && test -x $(MINIBROWSER) && command -v WebKitWebDriver >/dev/null && command -v Xvfb >/dev/null \
	  && test -x /usr/bin/firefox-esr || { echo "a browser is missing: Chromium, WebKitGTK (webkit2gtk-driver, xvfb) or firefox-esr"; exit 1; }

# The whole package is type-checked strictly, and every Python file kept in one style (pyproject.toml).
typecheck: $(STAMP)
	$(BIN)/mypy --strict scorekeeper

LINTED := scorekeeper tests migrations benchmarks setup.py
lint: $(STAMP)
	$(BIN)/ruff check $(LINTED)
	$(BIN)/ruff format --check $(LINTED)

# Lay out and tidy every Python file the way lint checks it.
format: $(STAMP)
	$(BIN)/ruff check --fix $(LINTED)
	$(BIN)/ruff format $(LINTED)

# The .mo files are not kept in git: build them from the .po files.
compile-translations: $(STAMP)
	$(BIN)/pybabel compile --statistics -d $(TRANSLATIONS)

# The interface's texts, as the catalogues are made from them.
EXTRACT = $(BIN)/pybabel -q extract -F babel.cfg $(I18N_KEYWORDS) --no-location --sort-output -c Translators: \
	  --project=Pocha --copyright-holder=Pocha -o $(POT) scorekeeper templates static/js

# After adding or changing interface text: refresh the catalogues, then translate the new
# entries in each $(TRANSLATIONS)/<language>/LC_MESSAGES/messages.po (remove any "#, fuzzy" flag you check).
translations: $(STAMP)
	$(EXTRACT)
	$(BIN)/pybabel -q update -i $(POT) -d $(TRANSLATIONS) --no-wrap
	rm -f $(POT)
	@echo "Now translate the empty msgstr entries in $(TRANSLATIONS)/*/LC_MESSAGES/messages.po"

# A new language's catalogue, every text still to translate (docs/playing.md, "Adding a language").
new-language: $(STAMP)
	@test -n "$(LANGUAGE)" || { echo "Say which: make new-language LANGUAGE=xx"; exit 2; }
	$(EXTRACT)
	$(BIN)/pybabel init -i $(POT) -d $(TRANSLATIONS) -l $(LANGUAGE) --no-wrap
	rm -f $(POT)

# What the tests take from npm (package.json, versions fixed by package-lock.json): axe-core, which the browser tests
# put in each page themselves (tests/browser/test_axe.py), and puppeteer-core, which drives Firefox; no page asks
# for either.
NPM_STAMP := node_modules/.installed
npm-packages: $(NPM_STAMP)
$(NPM_STAMP): package.json package-lock.json
	@command -v npm >/dev/null || { echo "Installing npm from Debian..."; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm; }
	npm ci --no-audit --no-fund
	touch $(NPM_STAMP)

# Every test, in TEST_WORKERS parallel workers (auto: three for two cores, tests/conftest.py; 0: one process, for a debugger).
# The last line says how long the whole of `make test` took, installs included.
TEST_WORKERS ?= auto
test:
	@start=$$(date +%s); $(MAKE) --no-print-directory all-tests; status=$$?; took=$$(( $$(date +%s) - start )); \
	  echo "make test: $$((took / 60)) min $$((took % 60)) s, wall-clock"; exit $$status

all-tests: $(STAMP) debian-packages browsers postgresql redis caddy node npm-packages lint typecheck compile-translations
	$(BIN)/python -m pytest -n $(TEST_WORKERS)

# Everything but the browser tests and the slow ones (real servers raced by phones and killed with -9, the phone's
# rules against the engine on 100,000 taps: a few minutes), on SQLite and on PostgreSQL;
# `make test-fast FAST="not browser and not slow and not postgresql"` leaves out the second database (about 40 s less).
FAST ?= not browser and not slow
test-fast: $(STAMP) postgresql redis node compile-translations
	$(BIN)/python -m pytest -n $(TEST_WORKERS) -m "$(FAST)"

# The engine's speed on one core: the public play API against a straightforward version, then whole hands and
# the odds; BENCH_SECONDS of CPU per figure.
BENCH_SECONDS ?= 3
bench: $(STAMP)
	$(BIN)/python benchmarks/engine_speed.py --seconds $(BENCH_SECONDS)

# Time from a tap on the game page to its effect on screen (p50/p95), in Chromium on a 390x844 phone: online, without
# signal, and against a server slowed by DELAY seconds a request; TIMED_TAPS taps each; goal p95 <= 50 ms.
TIMED_TAPS ?= 200
DELAY ?= 0.5
bench-taps: $(STAMP) compile-translations chromium
	$(BIN)/python benchmarks/tap_to_screen.py --taps $(TIMED_TAPS) --delay $(DELAY)

# The load benchmark: TABLES tables of 5 phones for SECONDS against pocha-server on 127.0.0.1
# (DATABASE sqlite or postgresql, WORKERS processes) at PACE times a table's pace, the taps sent through the
# outbox as the page's script does (TAPS=forms: through the forms, as a phone without script); prints
# p50/p95/p99 per route and the goals. `make bench-load PACE=5` plays five times as fast.
TABLES ?= 100
SECONDS ?= 120
DATABASE ?= sqlite
WORKERS ?= 4
PACE ?= 1
TAPS ?= outbox
bench-load: $(STAMP) compile-translations postgresql
	$(BIN)/python benchmarks/load.py --tables $(TABLES) --seconds $(SECONDS) --database $(DATABASE) --workers $(WORKERS) \
	  --pace $(PACE) --taps $(TAPS)

# Fuzz every route with FUZZ_EXAMPLES new requests (the tests send 3,000, the same every run); prints what was
# sent, how many were answered 5xx, and each kind of failure with the shortest request that showed it.
FUZZ_EXAMPLES ?= 10000
fuzz: $(STAMP) compile-translations
	POCHA_FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) $(BIN)/python -m pytest -p no:cacheprovider tests/web/test_fuzz.py

# The phone app's PNG icons (static/icons/, kept in git), drawn from static/icons/pocha.svg with Chromium: run after
# changing the SVG.
icons: $(STAMP) chromium
	$(BIN)/python -m scorekeeper.plumbing.draw_icons

# The screen kept awake where the browser has no Wake Lock (plain HTTP at the table): a 2 s black 16x16 video with
# a silent sound track, looped muted by js/pocha/screen_awake.js. Drawn here with Debian's ffmpeg, kept in git
# (static/media/, a few KB each); run again only to change it. -bitexact: the same bytes every time.
AWAKE_VIDEO := -f lavfi -i color=c=black:s=16x16:r=2:d=2 -f lavfi -i anullsrc=r=8000:cl=mono -t 2 -map 0:v -map 1:a \
  -fflags +bitexact -flags +bitexact -map_metadata -1
.PHONY: media
media:
	@command -v ffmpeg >/dev/null || { echo "Installing ffmpeg from Debian..."; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ffmpeg; }
	mkdir -p static/media
	ffmpeg -hide_banner -loglevel error -y $(AWAKE_VIDEO) -c:v libvpx -b:v 4k -c:a libopus -b:a 6k static/media/awake.webm
	ffmpeg -hide_banner -loglevel error -y $(AWAKE_VIDEO) -c:v libx264 -preset veryslow -tune stillimage -pix_fmt yuv420p \
	  -c:a aac -b:a 8k -movflags +faststart static/media/awake.mp4
	@ls -l static/media/awake.webm static/media/awake.mp4

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .hypothesis
