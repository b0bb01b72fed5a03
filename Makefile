# Two commands for a fresh machine: `make demo` and `make test`.
# Both create .venv/ with a Python >= 3.12 on first use and reinstall only
# when pyproject.toml changes.

VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: demo test test-games venv bench catalogues messages

venv: $(STAMP)

$(STAMP): pyproject.toml
	@test -x $(PY) || "$$(sh scripts/find-python.sh)" -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

# The translation catalogues compiled with polib (no GNU gettext needed); .mo files are
# not committed.
catalogues: $(STAMP)
	DEBUG=1 $(PY) manage.py compile_catalogues

# Refresh every catalogue with the strings marked since (the translators' command,
# docs/i18n.md; makemessages also collects the rules core's N_ message templates).
LANGS := ka ru ko bn hi ne fr nl
messages: $(STAMP)
	for lang in $(LANGS); do DEBUG=1 $(PY) manage.py makemessages -l $$lang \
		--ignore=.venv --ignore=node_modules --ignore=bench || exit 1; done

test: $(STAMP) catalogues
	$(VENV)/bin/ruff check .
	DEBUG=1 $(PY) manage.py makemigrations --check --dry-run >/dev/null
	$(PY) -m pytest -n 2 --dist loadfile

# The rules suite alone (every test under tests/games/, marked `rules`): the quick
# loop while working on a game's rules, scoresheet or bots.
test-games: $(STAMP)
	$(PY) -m pytest -m rules tests/games -n 2 --dist loadfile

demo: $(STAMP) catalogues
	DEBUG=1 $(PY) manage.py migrate --noinput
	DEBUG=1 HOST=$(HOST) PORT=$(PORT) $(PY) manage.py demo_setup
	test -s .demo-vapid.env || DEBUG=1 $(PY) manage.py make_vapid_keys > .demo-vapid.env
	set -a && . ./.demo-vapid.env && set +a && DEBUG=1 $(PY) manage.py runserver $(HOST):$(PORT)

bench: $(STAMP)
	$(PY) -m pip install --quiet -e '.[dev,bench]'
	$(PY) bench/rules_bench.py
	$(PY) bench/rotation_bench.py
	$(PY) bench/ratings_bench.py
