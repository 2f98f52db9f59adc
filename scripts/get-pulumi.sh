#!/usr/bin/env bash
# Get a working Pulumi CLI (any supported one on PATH, else v3.248.0 built
# here) plus a Node.js language host, without GitHub/get.pulumi.com access:
# the CLI is built from the Go module proxy.
#
# Usage:
#   PULUMI_BIN=$(bash scripts/get-pulumi.sh | tail -1)
#   export PATH="$PULUMI_BIN:$PATH"
#
# The LAST line of stdout is the bin dir holding `pulumi`,
# `pulumi-language-nodejs` and `pulumi-resource-pulumi-nodejs`. Everything
# else goes to stderr.
#
# Steps:
#   1. If `pulumi` on PATH reports a version in the supported range (v3.216.0
#      or a newer v3, the range of the package's @pulumi/pulumi peer dependency)
#      and `pulumi-language-nodejs` sits in the same directory, print that bin
#      dir and stop. Any other `pulumi` on PATH is ignored, with a note why.
#   2. Otherwise reuse ${PULUMI_IDGOV_CACHE:-$HOME/.cache/pulumi-idgov}/pulumi-v3.248.0/bin
#      if it holds a CLI reporting v3.248.0 (and, for a stand-in language host,
#      one built from the current scripts/language-host/main.go).
#   3. Otherwise build into a staging dir next to the cache and rename it into
#      place, so an interrupted build never leaves a half-filled cache.
#      Go's module and build caches stay where they are (~/go/pkg/mod,
#      ~/.cache/go-build), so a rebuild is fast.
#
# Language host: the official one is its own Go module
# (github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3, no tags,
# so only pseudo-versions). If the proxy serves $PULUMI_LANGUAGE_NODEJS_VERSION
# it is built. If not (the proxy mirror we use answers 403 for every version),
# a minimal stand-in host is built from scripts/language-host/main.go. It starts the
# program exactly as the official host does: `node @pulumi/pulumi/cmd/run`
# with the same flags and environment.
#   PULUMI_IDGOV_LANGHOST=auto      (default) official if available, else stand-in
#   PULUMI_IDGOV_LANGHOST=official  fail unless the official host can be built
#   PULUMI_IDGOV_LANGHOST=shim      skip the proxy probe and build the stand-in
#
# Other knobs: PULUMI_IDGOV_CACHE (cache root), GO (go binary),
# GOSUMDB (default here: off, because sum.golang.org is not reachable here).
set -euo pipefail

PULUMI_VERSION="3.248.0"
PKG_MODULE="github.com/pulumi/pulumi/pkg/v3"
SDK_MODULE="github.com/pulumi/pulumi/sdk/v3"
LANGHOST_MODULE="github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3"
# Pseudo-version of the commit tagged v3.248.0 (a88168d865b7, committed 2026-06-24T12:07:34Z).
LANGHOST_VERSION="${PULUMI_LANGUAGE_NODEJS_VERSION:-v3.0.0-20260624120734-a88168d865b7}"
LANGHOST_MODE="${PULUMI_IDGOV_LANGHOST:-auto}"
# pkg/go.mod at v3.248.0 says `go 1.25.11`.
MIN_GO="1.25.11"

CACHE_ROOT="${PULUMI_IDGOV_CACHE:-$HOME/.cache/pulumi-idgov}"
DEST="$CACHE_ROOT/pulumi-v$PULUMI_VERSION"
BIN_DIR="$DEST/bin"
# The stand-in language host's source; a cached stand-in counts only if it was built from these very bytes.
LANGHOST_SOURCE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/language-host/main.go"

# Keep the real stdout on fd 3 for the result line; send everything else to stderr.
exec 3>&1 1>&2

log() { printf 'get-pulumi: %s\n' "$*" >&2; }
die() {
  printf 'get-pulumi: ERROR: %s\n' "$*" >&2
  exit 1
}
result() {
  printf '%s\n' "$1" >&3
  exit 0
}

case "$LANGHOST_MODE" in
  auto | official | shim) ;;
  *) die "PULUMI_IDGOV_LANGHOST must be auto, official or shim (got '$LANGHOST_MODE')" ;;
esac

cli_version() { PULUMI_SKIP_UPDATE_CHECK=true "$1" version 2>/dev/null || true; }

# Oldest supported CLI: the lower bound of the @pulumi/pulumi peer range.
MIN_SUPPORTED="3.216.0"

# supported VERSION: true when VERSION (as `pulumi version` prints it) is v3.x >= MIN_SUPPORTED.
supported() {
  local v="${1#v}"
  [[ "$v" =~ ^3\.[0-9]+\.[0-9]+$ ]] || return 1
  [ "$(printf '%s\n%s\n' "$MIN_SUPPORTED" "$v" | sort -V | head -1)" = "$MIN_SUPPORTED" ]
}

# 1. A supported pulumi already on PATH, with its language host beside it?
if path_pulumi="$(command -v pulumi 2>/dev/null)"; then
  path_dir="$(cd "$(dirname "$path_pulumi")" && pwd)"
  path_version="$(cli_version "$path_pulumi")"
  if ! supported "$path_version"; then
    log "ignoring $path_pulumi: it reports '$path_version', supported is v$MIN_SUPPORTED or a newer v3"
  elif [ ! -x "$path_dir/pulumi-language-nodejs" ]; then
    log "ignoring $path_pulumi $path_version: no pulumi-language-nodejs beside it in $path_dir"
  else
    log "using pulumi $path_version and its pulumi-language-nodejs from $path_dir"
    result "$path_dir"
  fi
fi

# 2. Cached build?
cache_ok() {
  [ -x "$BIN_DIR/pulumi" ] && [ -x "$BIN_DIR/pulumi-language-nodejs" ] || return 1
  [ "$(cli_version "$BIN_DIR/pulumi")" = "v$PULUMI_VERSION" ] || return 1
  # A stand-in host doesn't count when the official one is demanded.
  if [ "$LANGHOST_MODE" = official ] && ! grep -qx 'langhost=official' "$DEST/BUILD-INFO" 2>/dev/null; then
    return 1
  fi
  # A stand-in built from another source is stale (the build keeps a copy of the source it compiled).
  if grep -qx 'langhost=shim' "$DEST/BUILD-INFO" 2>/dev/null &&
    ! cmp -s "$LANGHOST_SOURCE" "$DEST/build/pulumi-language-nodejs.go"; then
    [ -n "${stale_noted:-}" ] || log "the cached stand-in language host was built from another $LANGHOST_SOURCE: rebuilding"
    stale_noted=1
    return 1
  fi
  return 0
}

if cache_ok; then
  log "using cached build in $DEST ($(grep '^langhost=' "$DEST/BUILD-INFO" 2>/dev/null || echo 'langhost=?'))"
  result "$BIN_DIR"
fi

mkdir -p "$CACHE_ROOT" || die "cannot create cache dir $CACHE_ROOT"

# Only one build per cache: another process may be building right now.
if command -v flock >/dev/null 2>&1; then
  exec 9>"$CACHE_ROOT/.pulumi-v$PULUMI_VERSION.lock"
  if ! flock -n 9; then
    log "another build is in progress; waiting for its lock ..."
    flock 9
  fi
  if cache_ok; then
    log "using build just finished by another process in $DEST"
    result "$BIN_DIR"
  fi
fi

# 3. Build.
GO="${GO:-$(command -v go 2>/dev/null || echo /usr/local/go/bin/go)}"
if [ ! -x "$GO" ]; then
  die "Go not found at '$GO' (install Go >= $MIN_GO, or set GO=/path/to/go)"
fi
go_version="$("$GO" env GOVERSION 2>/dev/null)" || die "'$GO env GOVERSION' failed"
go_version="${go_version#go}"
if [ "$(printf '%s\n%s\n' "$MIN_GO" "$go_version" | sort -V | head -1)" != "$MIN_GO" ]; then
  die "Go $go_version is too old: pulumi v$PULUMI_VERSION needs Go >= $MIN_GO"
fi

export GOFLAGS="-mod=mod -buildvcs=false"
export GOTOOLCHAIN=local
export GOSUMDB="${GOSUMDB:-off}"
export CGO_ENABLED="${CGO_ENABLED:-0}"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/get-pulumi-src.XXXXXX")"
STAGE="$(mktemp -d "$CACHE_ROOT/.stage-pulumi-v$PULUMI_VERSION.XXXXXX")"
trap 'rm -rf "$WORK" "$STAGE"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

started=$(date +%s)
log "building pulumi v$PULUMI_VERSION with Go $go_version (GOSUMDB=$GOSUMDB) in $WORK"

# A wrapper module: `go install pkg@version` refuses modules whose go.mod has
# replace directives, so we require them here and copy pkg's non-local replace.
cat >"$WORK/go.mod" <<EOF
module local/pulumi-idgov-get-pulumi

go $MIN_GO

require (
	$PKG_MODULE v$PULUMI_VERSION
	$SDK_MODULE v$PULUMI_VERSION
)

// Copied from $PKG_MODULE@v$PULUMI_VERSION go.mod (its other replace is the local ../sdk).
replace github.com/atotto/clipboard => github.com/tgummerer/clipboard v0.0.0-20241001131231-d02d263e614e
EOF

tools_imports="	_ \"$PKG_MODULE/cmd/pulumi\""

langhost=""
if [ "$LANGHOST_MODE" != shim ]; then
  log "probing the module proxy for $LANGHOST_MODULE@$LANGHOST_VERSION ..."
  if probe_out="$(cd "$WORK" && "$GO" mod download -json "$LANGHOST_MODULE@$LANGHOST_VERSION" 2>&1)"; then
    langhost=official
    printf '\nrequire %s %s\n' "$LANGHOST_MODULE" "$LANGHOST_VERSION" >>"$WORK/go.mod"
    tools_imports="$tools_imports
	_ \"$LANGHOST_MODULE\""
  else
    reason="$(printf '%s\n' "$probe_out" | grep -m1 -iE '"Error"|error|40[34]' || printf '%s' "$probe_out" | tail -1)"
    if [ "$LANGHOST_MODE" = official ]; then
      die "official language host $LANGHOST_MODULE@$LANGHOST_VERSION is not available: $reason"
    fi
    log "WARNING: official language host not available from the module proxy:"
    log "WARNING:   $reason"
    log "WARNING: building the minimal stand-in pulumi-language-nodejs instead (see header of $0)"
  fi
fi
if [ -z "$langhost" ]; then
  langhost=shim
  mkdir -p "$WORK/cmd/pulumi-language-nodejs"
  cp "$LANGHOST_SOURCE" "$WORK/cmd/pulumi-language-nodejs/main.go"
fi

cat >"$WORK/tools.go" <<EOF
//go:build tools

// Keeps the binaries' packages in the module graph for 'go mod tidy'.
package tools

import (
$tools_imports
)
EOF

log "resolving modules (go mod tidy) ..."
(cd "$WORK" && "$GO" mod tidy) || die "'go mod tidy' failed in $WORK (is the Go module proxy reachable? GOPROXY=$("$GO" env GOPROXY))"

# MVS must not have moved pkg/sdk off the wanted version.
for m in "$PKG_MODULE" "$SDK_MODULE"; do
  got="$(cd "$WORK" && "$GO" list -m -f '{{.Version}}' "$m")"
  [ "$got" = "v$PULUMI_VERSION" ] || die "$m resolved to $got instead of v$PULUMI_VERSION"
done

mkdir -p "$STAGE/bin" "$STAGE/build"
version_ldflag="-X $SDK_MODULE/go/common/version.Version=v$PULUMI_VERSION"

log "compiling pulumi (first build takes several minutes) ..."
(cd "$WORK" && "$GO" build -trimpath -ldflags "-s -w $version_ldflag" -o "$STAGE/bin/pulumi" "$PKG_MODULE/cmd/pulumi") ||
  die "building $PKG_MODULE/cmd/pulumi failed"

log "compiling pulumi-language-nodejs ($langhost) ..."
if [ "$langhost" = official ]; then
  (cd "$WORK" && "$GO" build -trimpath -ldflags "-s -w $version_ldflag" -o "$STAGE/bin/pulumi-language-nodejs" "$LANGHOST_MODULE") ||
    die "building $LANGHOST_MODULE failed"
else
  (cd "$WORK" && "$GO" build -trimpath -ldflags "-s -w -X main.Version=$PULUMI_VERSION" -o "$STAGE/bin/pulumi-language-nodejs" ./cmd/pulumi-language-nodejs) ||
    die "building the stand-in pulumi-language-nodejs failed"
fi

# The dynamic-provider plugin shim ships next to `pulumi` in official releases;
# it only runs node on @pulumi/pulumi/cmd/dynamic-provider resolved from the cwd.
sdk_dir="$(cd "$WORK" && "$GO" list -m -f '{{.Dir}}' "$SDK_MODULE")"
if [ -f "$sdk_dir/nodejs/dist/pulumi-resource-pulumi-nodejs" ]; then
  install -m 0755 "$sdk_dir/nodejs/dist/pulumi-resource-pulumi-nodejs" "$STAGE/bin/pulumi-resource-pulumi-nodejs"
fi

got="$(cli_version "$STAGE/bin/pulumi")"
[ "$got" = "v$PULUMI_VERSION" ] || die "built pulumi reports '$got', expected v$PULUMI_VERSION"

cp "$WORK/go.mod" "$WORK/go.sum" "$WORK/tools.go" "$STAGE/build/"
[ "$langhost" = official ] || cp "$WORK/cmd/pulumi-language-nodejs/main.go" "$STAGE/build/pulumi-language-nodejs.go"
{
  echo "pulumi=v$PULUMI_VERSION"
  echo "langhost=$langhost"
  [ "$langhost" = official ] && echo "langhost_module=$LANGHOST_MODULE@$LANGHOST_VERSION"
  echo "go=$go_version"
  echo "built=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
} >"$STAGE/BUILD-INFO"

# Swap the finished build in with renames only.
if [ -e "$DEST" ]; then
  old="$CACHE_ROOT/.old-pulumi-v$PULUMI_VERSION.$$"
  mv "$DEST" "$old"
  mv "$STAGE" "$DEST"
  rm -rf "$old"
else
  mv "$STAGE" "$DEST"
fi

log "built pulumi v$PULUMI_VERSION (language host: $langhost) in $(($(date +%s) - started))s -> $BIN_DIR"
result "$BIN_DIR"
