#!/usr/bin/env bash
# Writes the idgov SDKs from the package schema with Pulumi's own code generators (v3.248.0; Java: pulumi-java v1.12.0).
#
# Usage:
#   bash scripts/gen-sdk.sh [OUT_DIR]   (default: sdk/ of this clone; npm run gen:sdk)
#
# Steps:
#   1. Build scripts/gen-sdk (a Go program over github.com/pulumi/pulumi/pkg/v3 v3.248.0 from the Go module
#      proxy) into ${PULUMI_IDGOV_CACHE:-$HOME/.cache/pulumi-idgov}/gen-sdk-<hash of its sources and Go>/,
#      unless a binary built from these very sources is already there.
#   2. Print the schema with the built CLI (dist/provider/cli/main.js schema: run `npm run build` first) at
#      package.json's version, or read it from IDGOV_SCHEMA when set (`npm run release` gives the schema carrying the
#      release's version and download URL).
#   3. Write OUT_DIR/nodejs, OUT_DIR/python and OUT_DIR/go, each replaced whole.
#   4. Write OUT_DIR/java with `pulumi package gen-sdk --language java` (the CLI and the Java language host of
#      scripts/get-pulumi.sh run Pulumi's Java generator), then make it a Maven project (scripts/gen-sdk/mavenProject.ts).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SRC="$ROOT/scripts/gen-sdk"
OUT="${1:-$ROOT/sdk}"
GO="${GO:-$(command -v go 2>/dev/null || echo /usr/local/go/bin/go)}"
CACHE_ROOT="${PULUMI_IDGOV_CACHE:-$HOME/.cache/pulumi-idgov}"

log() { printf 'gen-sdk: %s\n' "$*" >&2; }
die() {
  printf 'gen-sdk: ERROR: %s\n' "$*" >&2
  exit 1
}

[ -x "$GO" ] || die "Go not found at '$GO' (install Go >= 1.25.11, or set GO=/path/to/go)"
[ -n "${IDGOV_SCHEMA:-}" ] || [ -f "$ROOT/dist/provider/cli/main.js" ] || die "dist/provider/cli/main.js is missing: run 'npm run build' first"

export GOFLAGS="-mod=mod -buildvcs=false"
export GOTOOLCHAIN=local
export GOSUMDB="${GOSUMDB:-off}"
export CGO_ENABLED="${CGO_ENABLED:-0}"

PULUMI_BIN="$(bash "$ROOT/scripts/get-pulumi.sh" | tail -1)"

hash="$(cat "$SRC/main.go" "$SRC/go.mod" "$SRC/go.sum" <("$GO" env GOVERSION) | sha256sum | cut -c1-16)"
BIN="$CACHE_ROOT/gen-sdk-$hash/gen-sdk"
if [ ! -x "$BIN" ]; then
  started=$(date +%s)
  log "building the generator (pulumi pkg v3.248.0) into $(dirname "$BIN") ..."
  WORK="$(mktemp -d "${TMPDIR:-/tmp}/gen-sdk-src.XXXXXX")"
  trap 'rm -rf "$WORK"' EXIT
  cp "$SRC/main.go" "$SRC/go.mod" "$SRC/go.sum" "$WORK/"
  mkdir -p "$CACHE_ROOT"
  (cd "$WORK" && "$GO" build -trimpath -o "$WORK/gen-sdk" .) ||
    die "building scripts/gen-sdk failed (is the Go module proxy reachable? GOPROXY=$("$GO" env GOPROXY))"
  mkdir -p "$(dirname "$BIN")"
  mv "$WORK/gen-sdk" "$BIN.tmp.$$" && mv "$BIN.tmp.$$" "$BIN"
  log "built in $(($(date +%s) - started))s"
fi

SCHEMA="$(mktemp "${TMPDIR:-/tmp}/idgov-schema.XXXXXX")"
trap 'rm -f "$SCHEMA"; rm -rf "${WORK:-}"' EXIT
if [ -n "${IDGOV_SCHEMA:-}" ]; then
  cp "$IDGOV_SCHEMA" "$SCHEMA"
else
  # The committed SDKs carry package.json's version, not the build's pre-release (which names a commit and would make
  # them stale at every one): the version and every place the schema names it (the download URL). A release generates
  # its SDKs from its own schema (IDGOV_SCHEMA), at its version.
  node "$ROOT/dist/provider/cli/main.js" schema |
    node -e 'const text = require("fs").readFileSync(0, "utf8"); const built = JSON.parse(text).version; const declared = require(process.argv[1]).version; process.stdout.write(JSON.stringify(JSON.parse(text.split(built).join(declared)), null, 2) + "\n")' "$ROOT/package.json" >"$SCHEMA"
fi
mkdir -p "$OUT"
"$BIN" "$SCHEMA" "$OUT"

JAVA_WORK="$(mktemp -d "${TMPDIR:-/tmp}/gen-sdk-java.XXXXXX")"
trap 'rm -f "$SCHEMA"; rm -rf "${WORK:-}" "$JAVA_WORK"' EXIT
# The CLI takes a schema for what it is by its name's .json.
cp "$SCHEMA" "$JAVA_WORK/schema.json"
PATH="$PULUMI_BIN:$PATH" PULUMI_SKIP_UPDATE_CHECK=true PULUMI_HOME="$JAVA_WORK/home" \
  pulumi package gen-sdk "$JAVA_WORK/schema.json" --language java --out "$JAVA_WORK/out" >/dev/null 2>"$JAVA_WORK/log" ||
  die "pulumi package gen-sdk --language java failed: $(cat "$JAVA_WORK/log")"
"$ROOT/node_modules/.bin/tsx" "$ROOT/scripts/gen-sdk/mavenProject.ts" "$SCHEMA" "$JAVA_WORK/out/java"
rm -rf "$OUT/java"
mv "$JAVA_WORK/out/java" "$OUT/java"
log "wrote $OUT/nodejs, $OUT/python, $OUT/go and $OUT/java"
