#!/usr/bin/env bash
# Installs moto's S3-compatible server (PyPI `moto[server]`) into .tmp/s3-venv for the document store's
# contract tests (platform/src/documents/store.contract.int.test.ts). moto is an in-memory S3 that starts
# in a second and needs no Docker or Java; its S3 API (put, head, get, metadata, content type) is the
# part the store uses. python3-venv comes from apt when the venv module is missing.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

MOTO_VERSION=5.1.20
VENV=.tmp/s3-venv

if [[ ! -x "$VENV/bin/moto_server" ]]; then
  mkdir -p .tmp
  if ! python3 -m venv "$VENV" >/dev/null 2>&1; then
    rm -rf "$VENV"
    echo "python3 -m venv is missing: installing Debian's python3-venv" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2 && apt-get install -y -qq python3-venv >/dev/null
    python3 -m venv "$VENV"
  fi
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "moto[server]==$MOTO_VERSION" >&2
fi
