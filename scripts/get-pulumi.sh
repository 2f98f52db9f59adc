#!/usr/bin/env bash
# Get a working Pulumi CLI (any supported one on PATH, else v3.248.0 built
# here) plus its language hosts for Node.js, Python, Go, YAML and Java, without
# GitHub/get.pulumi.com access: everything is built from the Go module proxy.
#
# Usage:
#   PULUMI_BIN=$(bash scripts/get-pulumi.sh | tail -1)
#   export PATH="$PULUMI_BIN:$PATH"
#
# The LAST line of stdout is the bin dir holding `pulumi`,
# `pulumi-language-nodejs`, `pulumi-language-python` (with
# `pulumi-language-python-exec`), `pulumi-language-go`, `pulumi-language-yaml`,
# `pulumi-language-java` and `pulumi-resource-pulumi-nodejs`. Everything else
# goes to stderr.
#
# Steps:
#   1. If `pulumi` on PATH reports a version in the supported range (v3.216.0
#      or a newer v3, the range of the package's @pulumi/pulumi peer dependency)
#      and the five language hosts sit in the same directory (as in every
#      official release), print that bin dir and stop. Any other `pulumi` on
#      PATH is ignored, with a note why.
#   2. Otherwise reuse ${PULUMI_IDGOV_CACHE:-$HOME/.cache/pulumi-idgov}/pulumi-v3.248.0/bin
#      if it holds a CLI reporting v3.248.0 and stand-in hosts built from the
#      current scripts/language-host/*.go, and .../pulumi-language-yaml-v1.25.0/bin
#      and .../pulumi-language-java-v1.12.0/bin if each binary was built from its
#      pinned module version (Go's embedded build info).
#   3. Otherwise build what is missing into a staging dir next to the cache and
#      rename it into place, so an interrupted build never leaves a half-filled
#      cache. Go's module and build caches stay where they are (~/go/pkg/mod,
#      ~/.cache/go-build), so a rebuild is fast. The CLI's bin dir gets a
#      symlink to the YAML and Java hosts.
#
# Language hosts: the official Node.js, Python and Go hosts are Go modules of
# their own (github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3,
# .../sdk/python/cmd/pulumi-language-python/v3, .../sdk/go/pulumi-language-go/v3;
# no tags, so only pseudo-versions), and the proxy mirror we use answers 403 for
# every version of all three. So a minimal stand-in is built from
# scripts/language-host/ (one binary, installed under each host's name) that
# starts programs exactly as the official hosts do: Node.js runs
# `node @pulumi/pulumi/cmd/run`; Python runs `python pulumi-language-python-exec`
# (the executor script from the Go SDK module v3.248.0, installed beside it)
# with the virtualenv's or PATH's python; Go runs `go build` and then the
# binary (or the `binary` runtime option) with the PULUMI_* environment.
# The official Node.js host is still built if the proxy serves
# $PULUMI_LANGUAGE_NODEJS_VERSION:
#   PULUMI_IDGOV_LANGHOST=auto      (default) official nodejs host if available, else stand-in
#   PULUMI_IDGOV_LANGHOST=official  fail unless the official nodejs host can be built
#   PULUMI_IDGOV_LANGHOST=shim      skip the proxy probe and use the stand-in
# The YAML host is the official one: module github.com/pulumi/pulumi-yaml
# v1.25.0 (cmd/pulumi-language-yaml), built in a wrapper module of its own with
# the pulumi pkg/sdk versions its go.mod requires (v3.206.0): it does not compile
# against v3.248.0's pkg (schema.NewPluginLoader and plugin.NewContextWithRoot
# changed), and as a separate binary it only has to speak the engine's gRPC protocol.
# The Java host is the official one too: github.com/pulumi/pulumi-java/pkg
# v1.12.0 (cmd/pulumi-language-java), built the same way from its own go.mod
# (GONOSUMDB covers github.com/pulumi: the checksum database is not reachable).
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
# Hosts built from modules of their own: name, module, version, package path of its command, version variable.
YAML_HOST="pulumi-language-yaml github.com/pulumi/pulumi-yaml 1.25.0 cmd/pulumi-language-yaml pkg/version.Version"
JAVA_HOST="pulumi-language-java github.com/pulumi/pulumi-java/pkg 1.12.0 cmd/pulumi-language-java version.Version"
# pkg/go.mod at v3.248.0 says `go 1.25.11` (pulumi-yaml v1.25.0 asks for 1.24.7).
MIN_GO="1.25.11"
# The hosts a bin dir must hold besides `pulumi`.
LANGUAGE_HOSTS="pulumi-language-nodejs pulumi-language-python pulumi-language-go pulumi-language-yaml pulumi-language-java"

CACHE_ROOT="${PULUMI_IDGOV_CACHE:-$HOME/.cache/pulumi-idgov}"
DEST="$CACHE_ROOT/pulumi-v$PULUMI_VERSION"
BIN_DIR="$DEST/bin"
# The stand-in language hosts' sources; a cached stand-in counts only if it was built from these very bytes.
STANDIN_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/language-host"

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

# missing_host DIR: prints the first language host not executable in DIR.
missing_host() {
  local h
  for h in $LANGUAGE_HOSTS; do
    [ -x "$1/$h" ] || {
      echo "$h"
      return 0
    }
  done
  return 1
}

# 1. A supported pulumi already on PATH, with its language hosts beside it?
if path_pulumi="$(command -v pulumi 2>/dev/null)"; then
  path_dir="$(cd "$(dirname "$path_pulumi")" && pwd)"
  path_version="$(cli_version "$path_pulumi")"
  if ! supported "$path_version"; then
    log "ignoring $path_pulumi: it reports '$path_version', supported is v$MIN_SUPPORTED or a newer v3"
  elif missing="$(missing_host "$path_dir")"; then
    log "ignoring $path_pulumi $path_version: no $missing beside it in $path_dir"
  else
    log "using pulumi $path_version and its language hosts from $path_dir"
    result "$path_dir"
  fi
fi

# 2. Cached builds?
standin_sources() { cat "$STANDIN_DIR"/*.go; }

cache_ok() {
  [ -x "$BIN_DIR/pulumi" ] && [ -x "$BIN_DIR/pulumi-language-python-exec" ] || return 1
  local h
  for h in pulumi-language-nodejs pulumi-language-python pulumi-language-go; do
    [ -x "$BIN_DIR/$h" ] || return 1
  done
  [ "$(cli_version "$BIN_DIR/pulumi")" = "v$PULUMI_VERSION" ] || return 1
  # A stand-in host doesn't count when the official one is demanded.
  if [ "$LANGHOST_MODE" = official ] && ! grep -qx 'langhost=official' "$DEST/BUILD-INFO" 2>/dev/null; then
    return 1
  fi
  # Stand-ins built from other sources are stale (the build keeps a copy of the sources it compiled).
  if ! standin_sources | cmp -s - "$DEST/build/language-host.src"; then
    [ -n "${stale_noted:-}" ] || log "the cached stand-in language hosts were built from another $STANDIN_DIR: rebuilding"
    stale_noted=1
    return 1
  fi
  return 0
}

# host_dest NAME VERSION: the cache folder of a host built from a module of its own.
host_dest() { echo "$CACHE_ROOT/$1-v$2"; }

# host_ok HOST: the host counts only if Go's build info in it names the pinned module version.
host_ok() {
  local name module version
  read -r name module version _ _ <<<"$1"
  local bin
  bin="$(host_dest "$name" "$version")/bin/$name"
  [ -x "$bin" ] && grep -qaF "$(printf 'mod\t%s\tv%s\t' "$module" "$version")" "$bin"
}

# link_hosts DIR: the CLI's bin dir reaches the hosts built apart through symlinks (replaced by a rename).
link_hosts() {
  local dir="$1" host name version bin
  for host in "$YAML_HOST" "$JAVA_HOST"; do
    read -r name _ version _ _ <<<"$host"
    bin="$(host_dest "$name" "$version")/bin/$name"
    [ "$(readlink "$dir/$name" 2>/dev/null)" = "$bin" ] && continue
    ln -s "$bin" "$dir/.$name.$$"
    mv -f "$dir/.$name.$$" "$dir/$name"
  done
}

hosts_ok() { host_ok "$YAML_HOST" && host_ok "$JAVA_HOST"; }

if cache_ok && hosts_ok; then
  link_hosts "$BIN_DIR"
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
  if cache_ok && hosts_ok; then
    link_hosts "$BIN_DIR"
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
export GONOSUMDB="${GONOSUMDB:-github.com/pulumi}"
export CGO_ENABLED="${CGO_ENABLED:-0}"

CLEANUP=()
trap 'rm -rf ${CLEANUP[@]+"${CLEANUP[@]}"}' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# new_dirs PREFIX: sets WORK (sources) and STAGE (next to the cache, renamed into place when complete).
new_dirs() {
  WORK="$(mktemp -d "${TMPDIR:-/tmp}/get-pulumi-src.XXXXXX")"
  STAGE="$(mktemp -d "$CACHE_ROOT/.stage-$1.XXXXXX")"
  CLEANUP+=("$WORK" "$STAGE")
}

# swap_in STAGE DEST: replaces DEST by the finished STAGE with renames only.
swap_in() {
  if [ -e "$2" ]; then
    local old="$CACHE_ROOT/.old-$(basename "$2").$$"
    mv "$2" "$old"
    mv "$1" "$2"
    rm -rf "$old"
  else
    mv "$1" "$2"
  fi
}

tidy() {
  log "resolving modules (go mod tidy) ..."
  (cd "$WORK" && "$GO" mod tidy) || die "'go mod tidy' failed in $WORK (is the Go module proxy reachable? GOPROXY=$("$GO" env GOPROXY))"
}

# tools_file IMPORT...: keeps the binaries' packages in the module graph for 'go mod tidy'.
tools_file() {
  {
    printf '//go:build tools\n\npackage tools\n\nimport (\n'
    printf '\t_ "%s"\n' "$@"
    printf ')\n'
  } >"$WORK/tools.go"
}

# build_host HOST: builds a language host in a wrapper module of its own that requires only the host's module, so
# MVS picks exactly the versions its go.mod names.
build_host() {
  local name module version command version_var started got
  read -r name module version command version_var <<<"$1"
  started=$(date +%s)
  new_dirs "$name-v$version"
  log "building $name v$version with Go $go_version in $WORK"
  printf 'module local/pulumi-idgov-%s\n\ngo %s\n\nrequire %s v%s\n' "$name" "$MIN_GO" "$module" "$version" >"$WORK/go.mod"
  tools_file "$module/$command"
  tidy
  got="$(cd "$WORK" && "$GO" list -m -f '{{.Version}}' "$module")"
  [ "$got" = "v$version" ] || die "$module resolved to $got instead of v$version"
  mkdir -p "$STAGE/bin" "$STAGE/build"
  log "compiling $name (its pulumi sdk: $(cd "$WORK" && "$GO" list -m -f '{{.Version}}' "$SDK_MODULE")) ..."
  (cd "$WORK" && "$GO" build -trimpath -ldflags "-s -w -X $module/$version_var=v$version" \
    -o "$STAGE/bin/$name" "$module/$command") ||
    die "building $module/$command failed"
  cp "$WORK/go.mod" "$WORK/go.sum" "$WORK/tools.go" "$STAGE/build/"
  printf '%s=v%s\ngo=%s\nbuilt=%s\n' "$module" "$version" "$go_version" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" >"$STAGE/BUILD-INFO"
  swap_in "$STAGE" "$(host_dest "$name" "$version")"
  host_ok "$1" || die "built $name does not carry the build info of $module v$version"
  log "built $name v$version in $(($(date +%s) - started))s -> $(host_dest "$name" "$version")/bin"
}

build_cli() {
  local started
  started=$(date +%s)
  new_dirs "pulumi-v$PULUMI_VERSION"
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
  local tools=("$PKG_MODULE/cmd/pulumi")

  local langhost=""
  if [ "$LANGHOST_MODE" != shim ]; then
    log "probing the module proxy for $LANGHOST_MODULE@$LANGHOST_VERSION ..."
    local probe_out reason
    if probe_out="$(cd "$WORK" && "$GO" mod download -json "$LANGHOST_MODULE@$LANGHOST_VERSION" 2>&1)"; then
      langhost=official
      printf '\nrequire %s %s\n' "$LANGHOST_MODULE" "$LANGHOST_VERSION" >>"$WORK/go.mod"
      tools+=("$LANGHOST_MODULE")
    else
      reason="$(printf '%s\n' "$probe_out" | grep -m1 -iE '"Error"|error|40[34]' || printf '%s' "$probe_out" | tail -1)"
      if [ "$LANGHOST_MODE" = official ]; then
        die "official language host $LANGHOST_MODULE@$LANGHOST_VERSION is not available: $reason"
      fi
      log "WARNING: official language host not available from the module proxy:"
      log "WARNING:   $reason"
      log "WARNING: using the minimal stand-in pulumi-language-nodejs instead (see header of $0)"
    fi
  fi
  [ -n "$langhost" ] || langhost=shim
  mkdir -p "$WORK/cmd/language-host"
  cp "$STANDIN_DIR"/*.go "$WORK/cmd/language-host/"
  tools_file "${tools[@]}"
  tidy

  # MVS must not have moved pkg/sdk off the wanted version.
  local m got
  for m in "$PKG_MODULE" "$SDK_MODULE"; do
    got="$(cd "$WORK" && "$GO" list -m -f '{{.Version}}' "$m")"
    [ "$got" = "v$PULUMI_VERSION" ] || die "$m resolved to $got instead of v$PULUMI_VERSION"
  done

  mkdir -p "$STAGE/bin" "$STAGE/build"
  local version_ldflag="-X $SDK_MODULE/go/common/version.Version=v$PULUMI_VERSION"

  log "compiling pulumi (first build takes several minutes) ..."
  (cd "$WORK" && "$GO" build -trimpath -ldflags "-s -w $version_ldflag" -o "$STAGE/bin/pulumi" "$PKG_MODULE/cmd/pulumi") ||
    die "building $PKG_MODULE/cmd/pulumi failed"

  # One stand-in binary serves as each host it is named after.
  log "compiling the stand-in language hosts ..."
  (cd "$WORK" && "$GO" build -trimpath -ldflags "-s -w -X main.Version=$PULUMI_VERSION" -o "$STAGE/bin/pulumi-language-python" ./cmd/language-host) ||
    die "building the stand-in language hosts failed"
  local names=(pulumi-language-go)
  if [ "$langhost" = official ]; then
    log "compiling pulumi-language-nodejs (official) ..."
    (cd "$WORK" && "$GO" build -trimpath -ldflags "-s -w $version_ldflag" -o "$STAGE/bin/pulumi-language-nodejs" "$LANGHOST_MODULE") ||
      die "building $LANGHOST_MODULE failed"
  else
    names+=(pulumi-language-nodejs)
  fi
  local n
  for n in "${names[@]}"; do
    ln "$STAGE/bin/pulumi-language-python" "$STAGE/bin/$n" 2>/dev/null || cp "$STAGE/bin/pulumi-language-python" "$STAGE/bin/$n"
  done

  # Shipped next to `pulumi` in official releases, and part of the Go SDK module:
  # the dynamic-provider plugin shim (runs node on @pulumi/pulumi/cmd/dynamic-provider
  # resolved from the cwd) and the Python executor the Python host runs.
  local sdk_dir
  sdk_dir="$(cd "$WORK" && "$GO" list -m -f '{{.Dir}}' "$SDK_MODULE")"
  if [ -f "$sdk_dir/nodejs/dist/pulumi-resource-pulumi-nodejs" ]; then
    install -m 0755 "$sdk_dir/nodejs/dist/pulumi-resource-pulumi-nodejs" "$STAGE/bin/pulumi-resource-pulumi-nodejs"
  fi
  install -m 0755 "$sdk_dir/python/cmd/pulumi-language-python-exec" "$STAGE/bin/pulumi-language-python-exec" ||
    die "no python/cmd/pulumi-language-python-exec in $SDK_MODULE@v$PULUMI_VERSION"

  got="$(cli_version "$STAGE/bin/pulumi")"
  [ "$got" = "v$PULUMI_VERSION" ] || die "built pulumi reports '$got', expected v$PULUMI_VERSION"

  cp "$WORK/go.mod" "$WORK/go.sum" "$WORK/tools.go" "$STAGE/build/"
  standin_sources >"$STAGE/build/language-host.src"
  {
    echo "pulumi=v$PULUMI_VERSION"
    echo "langhost=$langhost"
    [ "$langhost" = official ] && echo "langhost_module=$LANGHOST_MODULE@$LANGHOST_VERSION"
    echo "go=$go_version"
    echo "built=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  } >"$STAGE/BUILD-INFO"
  link_hosts "$STAGE/bin"
  swap_in "$STAGE" "$DEST"
  log "built pulumi v$PULUMI_VERSION (nodejs language host: $langhost) in $(($(date +%s) - started))s -> $BIN_DIR"
}

host_ok "$YAML_HOST" || build_host "$YAML_HOST"
host_ok "$JAVA_HOST" || build_host "$JAVA_HOST"
cache_ok || build_cli
link_hosts "$BIN_DIR"
result "$BIN_DIR"
