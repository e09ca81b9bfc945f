#!/usr/bin/env bash
# What the slower test suites need besides Python packages, set up on Debian:
#   - Chromium at /usr/bin/chromium, which the browser tests drive through Playwright;
#   - a PostgreSQL server on localhost with a `housebuilders_test` database.
# Installs the Debian packages when missing (needs root), starts PostgreSQL, and
# prints the test database's SQLAlchemy URL on stdout (nothing if it could not).
# Everything it says besides the URL goes to stderr. Safe to run again.
set -uo pipefail

say() { echo "test-services: $*" >&2; }

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v pg_lsclusters >/dev/null && ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 \
    || missing+=(postgresql)
if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        say "installing ${missing[*]} (Debian packages)"
        { apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
            apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >&2 \
            || say "could not install ${missing[*]}"
    else
        say "missing ${missing[*]}: install them (sudo apt-get install ${missing[*]}) or those tests skip"
    fi
fi

command -v pg_lsclusters >/dev/null || exit 0
cluster=$(pg_lsclusters -h 2>/dev/null | head -n1)
if [ -z "$cluster" ]; then
    version=$(ls /usr/lib/postgresql | sort -V | tail -n1)
    say "creating PostgreSQL cluster $version/main"
    pg_createcluster "$version" main >&2 || exit 0
    cluster=$(pg_lsclusters -h | head -n1)
fi
read -r version name port status _ <<<"$cluster"
if [ "$status" != online ]; then
    pg_ctlcluster "$version" "$name" start >&2 || { say "PostgreSQL did not start"; exit 0; }
fi
as_postgres() { if [ "$(id -u)" = 0 ]; then su postgres -c "$1"; else sh -c "$1"; fi; }
as_postgres "psql -p $port -tAc \"SELECT 1 FROM pg_roles WHERE rolname='housebuilders'\"" | grep -q 1 \
    || as_postgres "psql -p $port -qc \"CREATE ROLE housebuilders LOGIN PASSWORD 'housebuilders'\"" >&2
as_postgres "psql -p $port -tAc \"SELECT 1 FROM pg_database WHERE datname='housebuilders_test'\"" | grep -q 1 \
    || as_postgres "createdb -p $port -O housebuilders housebuilders_test" >&2
echo "postgresql+psycopg://housebuilders:housebuilders@127.0.0.1:$port/housebuilders_test"
