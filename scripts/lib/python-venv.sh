# Sourced by the install scripts of the Python tools the tests use (scripts/fuzz.sh, scripts/s3/install.sh,
# scripts/chart/install.sh). make_venv DIR: a Python virtual environment in DIR, with Debian's python3-venv
# from apt first when the venv module is missing.
make_venv() {
  local venv=$1
  mkdir -p "$(dirname "$venv")"
  if ! python3 -m venv "$venv" >/dev/null 2>&1; then
    rm -rf "$venv"
    echo "python3 -m venv is missing: installing Debian's python3-venv" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2 && apt-get install -y -qq python3-venv >/dev/null
    python3 -m venv "$venv"
  fi
}
