#!/usr/bin/env bash
# Installs moto's S3-compatible server (PyPI `moto[server]`) into .tmp/s3-venv for the document store's
# contract tests (platform/src/documents/store.contract.int.test.ts). moto is an in-memory S3 that starts
# in a second and needs no Docker or Java; its S3 API (put, head, get, metadata, content type) is the
# part the store uses. python3-venv comes from apt when the venv module is missing.
set -euo pipefail
# shellcheck source=../lib/python-venv.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/python-venv.sh"
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

MOTO_VERSION=5.1.20
VENV=.tmp/s3-venv

if [[ ! -x "$VENV/bin/moto_server" ]]; then
  make_venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "moto[server]==$MOTO_VERSION" >&2
fi
