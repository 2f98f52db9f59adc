#!/usr/bin/env bash
# The compatibility matrix (`npm run test:matrix`, run by `npm run test:e2e`): the tests run again, in a copy of
# this checkout, on other Node.js and @pulumi/pulumi versions than the checkout's own.
#
#   newest  Node 24, @pulumi/pulumi 3.270.0: the provider-host tests (test/resources/) and the native plugin's tests
#           (test/native/: the built pulumi-resource-idgov on that Node, with that SDK's gRPC stubs and grpc-js).
#           The e2e life cycle on them runs in `npm run test:e2e` itself: test/e2e/quickstart.test.ts installs that
#           SDK and has the CLI start its program on that Node (`bash scripts/matrix.sh newest-runtime`).
#   oldest  Node 20.18.1 (the package's engines floor), @pulumi/pulumi 3.216.0 (the oldest the peer range names):
#           what can differ there: the HTTP client on the oldest Node (test/provider/client/: undici's floor is the
#           package's), and what runs the SDK (test/examples/, the fleet recipe's program among them; examples/; the
#           mocks test).
#           The engine, schemas and kinds import no SDK and run on Node 20 in the checkout's own run.
#
# Node binaries come from the npm registry's `node` package, SDKs from the registry too; both are installed into
# ${PULUMI_IDGOV_CACHE:-~/.cache/pulumi-idgov} (never into this checkout's node_modules) and reused from then on.
# The copy's node_modules links every package of this checkout's, except @pulumi/pulumi, which links the cached
# SDK. Needs `npm run build` first (the copy takes dist/ as built). One leg: `bash scripts/matrix.sh newest`.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
CACHE="${PULUMI_IDGOV_CACHE:-$HOME/.cache/pulumi-idgov}"
NEWEST_NODE=24
NEWEST_SDK=3.270.0

log() { printf 'matrix: %s\n' "$*" >&2; }

# Installs `npm install --prefix DIR SPEC` once; answers DIR.
cached_install() {
  local dir="$1" spec="$2" marker="$1/.installed"
  if [ ! -f "$marker" ]; then
    log "installing $spec into $dir"
    rm -rf "$dir" && mkdir -p "$dir"
    npm install --prefix "$dir" --no-audit --no-fund --loglevel=error "$spec" >&2
    touch "$marker"
  fi
}

# The bin dir of Node.js VERSION (a major, or an exact version), from the npm registry's `node` package.
node_bin() {
  local dir="$CACHE/node$1"
  cached_install "$dir" "node@$1"
  printf '%s\n' "$dir/node_modules/.bin"
}

# The node_modules dir holding @pulumi/pulumi VERSION.
sdk_modules() {
  local dir="$CACHE/sdk-$1"
  cached_install "$dir" "@pulumi/pulumi@$1"
  printf '%s\n' "$dir/node_modules"
}

# A copy of the checkout (sources, tests, examples, dist) whose @pulumi/pulumi is SDK_MODULES's.
copy_with_sdk() {
  local sdk="$1" copy
  copy="$(mktemp -d "${TMPDIR:-/tmp}/pulumi-idgov-matrix-XXXXXX")"
  tar -C "$ROOT" --exclude=./node_modules --exclude=./.git --exclude='./examples/*/node_modules' -cf - . |
    tar -C "$copy" -xf -
  # The SDK's own gRPC packages too: the provider-host harness must talk to the SDK's server with its classes.
  local from_sdk=" @pulumi/pulumi @grpc/grpc-js google-protobuf " entry name
  mkdir -p "$copy/node_modules/@pulumi" "$copy/node_modules/@grpc"
  for entry in "$ROOT"/node_modules/* "$ROOT"/node_modules/@pulumi/* "$ROOT"/node_modules/@grpc/* "$ROOT"/node_modules/.bin; do
    name="${entry#"$ROOT"/node_modules/}"
    case "$name" in @pulumi | @grpc | pulumi-idgov) continue ;; esac
    case "$from_sdk" in *" $name "*) entry="$sdk/$name" ;; esac
    ln -s "$entry" "$copy/node_modules/$name"
  done
  ln -s .. "$copy/node_modules/pulumi-idgov"
  printf '%s\n' "$copy"
}

# leg NAME NODE_VERSION SDK_VERSION PROVES -- vitest arguments... (the unit legs allow 120 s a test: the copies run on a
# busy machine; the e2e leg keeps its config's timeouts). PROVES is printed with the leg's result, so CI's log says
# what each leg shows.
leg() {
  local name="$1" major="$2" sdk_version="$3" proves="$4"
  shift 5
  local bin sdk copy started status=0
  started=$(date +%s)
  bin="$(node_bin "$major")"
  sdk="$(sdk_modules "$sdk_version")"
  copy="$(copy_with_sdk "$sdk")"
  local node_version sdk_reported
  node_version="$("$bin/node" --version)"
  sdk_reported="$(cd "$copy" && "$bin/node" -p 'require("@pulumi/pulumi/package.json").version')"
  echo "=== matrix leg $name: Node $node_version, @pulumi/pulumi $sdk_reported: vitest $* ==="
  echo "=== matrix leg $name proves: $proves ==="
  (cd "$copy" && PATH="$bin:$PATH" "$bin/node" node_modules/vitest/vitest.mjs run "$@") ||
    status=$?
  rm -rf "$copy"
  echo "=== matrix leg $name: $([ "$status" = 0 ] && echo passed || echo FAILED) in $(($(date +%s) - started)) s: $proves ==="
  return "$status"
}

newest() {
  leg newest "$NEWEST_NODE" "$NEWEST_SDK" "every kind's check/diff/create/read/update/delete, serialized and run by that SDK's real dynamic-provider host" \
    -- --testTimeout=120000 test/resources/
  leg newest-native "$NEWEST_NODE" "$NEWEST_SDK" "pulumi-resource-idgov serves the provider protocol (config, check, diff, create, read, update, delete, import, invoke of every function, schema, warnings) over gRPC on the newest Node, with that SDK's gRPC stubs and grpc-js" \
    -- --testTimeout=120000 test/native/
}

# The newest Node.js's bin dir and the newest @pulumi/pulumi version, one a line (the Node.js installed first).
newest_runtime() {
  node_bin "$NEWEST_NODE"
  printf '%s\n' "$NEWEST_SDK"
}

oldest() {
  leg oldest 20.18.1 3.216.0 "the HTTP client works on the oldest Node the package names, and the resources under Pulumi's mocks and the examples' programs work with the oldest SDK the peer range names" \
    -- --testTimeout=120000 test/provider/client/ test/examples/ examples/ test/resources/mocks.test.ts
}

# Both ends at once, each printed whole when it ends: their tests mostly wait on emulators and child processes.
all() {
  local logs status=0 end
  local -A pids=()
  logs="$(mktemp -d "${TMPDIR:-/tmp}/pulumi-idgov-matrix-logs-XXXXXX")"
  for end in oldest newest; do
    "$end" >"$logs/$end" 2>&1 &
    pids[$end]=$!
  done
  for end in oldest newest; do
    wait "${pids[$end]}" || status=1
    cat "$logs/$end"
  done
  rm -rf "$logs"
  return "$status"
}

case "${1:-all}" in
  newest) newest ;;
  newest-runtime) newest_runtime ;;
  oldest) oldest ;;
  all) all ;;
  leg) shift && leg "$@" ;;
  *) echo "usage: scripts/matrix.sh [newest|oldest|all|newest-runtime]" >&2 && exit 2 ;;
esac
