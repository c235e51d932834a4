#!/usr/bin/env bash
# Fuzzes the running app's API with schemathesis (from PyPI) over its OpenAPI document: any server error
# (5xx) or an answer that breaks its documented schema fails (exit code 1).
#
#   bash scripts/fuzz.sh http://127.0.0.1:3000 [schemathesis run options, e.g. -H 'Cookie: ...']
#   bash scripts/fuzz.sh --install-only
#
# platform/src/fuzz.int.test.ts runs it against a test app, anonymous and signed in as staff, so CI's
# vitest totals count it.
#
# schemathesis is installed once into a virtual environment under .tmp (python3 -m venv; on Debian
# without the venv module, apt-get installs python3-venv). Bounded: FUZZ_MAX_EXAMPLES cases per operation
# and phase (default 5), FUZZ_MAX_SECONDS for the whole run (default 90). One worker: Hypothesis' caches
# are not safe across threads (two workers made it fail, now and then, to generate an operation's cases).
set -euo pipefail
# shellcheck source=lib/python-venv.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/python-venv.sh"
cd "$(dirname "${BASH_SOURCE[0]}")/.."

SCHEMATHESIS_VERSION=4.32.5
VENV=.tmp/fuzz-venv
base=${1:?usage: scripts/fuzz.sh BASE_URL [schemathesis options] | --install-only}
shift

if [[ ! -x "$VENV/bin/schemathesis" ]]; then
  make_venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION" >&2
fi

[[ "$base" == --install-only ]] && exit 0

exec "$VENV/bin/schemathesis" run "$base/api/openapi.json" \
  --url "$base" \
  --checks not_a_server_error,response_schema_conformance \
  --phases examples,coverage,fuzzing \
  --max-examples "${FUZZ_MAX_EXAMPLES:-5}" \
  --max-time "${FUZZ_MAX_SECONDS:-90}" \
  --no-shrink \
  --workers 1 \
  --seed "${FUZZ_SEED:-20261124}" \
  --warnings off \
  "$@"
