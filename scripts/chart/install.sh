#!/usr/bin/env bash
# The chart's tools, for its test (deploy/chart.int.test.ts), into .tmp (nothing downloaded but from the
# registries): Helm, built from its module on the Go proxy into .tmp/bin/helm, and kubernetes-validate
# (PyPI), which checks each rendered object against the Kubernetes schemas it carries, offline, into
# .tmp/chart-venv. Does nothing for a tool already there at its version.
set -euo pipefail
# shellcheck source=../lib/python-venv.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/python-venv.sh"
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
  make_venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "kubernetes-validate==$KUBERNETES_VALIDATE_VERSION" >&2
fi
echo "helm $("$bin/helm" version --template '{{.Version}}'), kubernetes-validate $("$venv/bin/kubernetes-validate" --version 2>&1 | tail -1)"
