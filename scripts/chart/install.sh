#!/usr/bin/env bash
# The chart's tools, for its test (deploy/chart.int.test.ts), into .tmp (nothing downloaded but from the
# registries): Helm, built from its module on the Go proxy into .tmp/bin/helm, and kubernetes-validate
# (PyPI), which checks each rendered object against the Kubernetes schemas it carries, offline, into
# .tmp/chart-venv. Does nothing for a tool already there at its version.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

HELM_VERSION=v3.22.0
KUBERNETES_VALIDATE_VERSION=1.37.0
bin="$PWD/.tmp/bin"
venv=.tmp/chart-venv

if ! { [[ -x "$bin/helm" ]] && [[ "$("$bin/helm" version --template '{{.Version}}' 2>/dev/null)" == "${HELM_VERSION%.*}" ]]; }; then
  command -v go >/dev/null || { echo "no Go toolchain on PATH: Helm is built with go install" >&2; exit 1; }
  mkdir -p "$bin"
  GOBIN="$bin" GOFLAGS=-mod=mod go install "helm.sh/helm/v3/cmd/helm@$HELM_VERSION"
fi

if ! "$venv/bin/kubernetes-validate" --version 2>/dev/null | grep -q "$KUBERNETES_VALIDATE_VERSION"; then
  mkdir -p .tmp
  if ! python3 -m venv "$venv" >/dev/null 2>&1; then
    rm -rf "$venv"
    echo "python3 -m venv is missing: installing Debian's python3-venv" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2 && apt-get install -y -qq python3-venv >/dev/null
    python3 -m venv "$venv"
  fi
  "$venv/bin/pip" install --quiet --disable-pip-version-check "kubernetes-validate==$KUBERNETES_VALIDATE_VERSION" >&2
fi
echo "helm $("$bin/helm" version --template '{{.Version}}'), kubernetes-validate $("$venv/bin/kubernetes-validate" --version 2>&1 | tail -1)"
