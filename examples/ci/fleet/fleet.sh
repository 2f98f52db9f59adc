#!/bin/sh
# One stack's drift job. Needs the Pulumi CLI and the stack's language only (and Node.js for the plugin until the
# plugin is one executable): no Node.js of its own, no JSON to parse. Every value comes from the environment, set by
# the pipeline from ci/stacks.json through `node ci/fleet.mjs matrix` or `gitlab`, and is used quoted: no value of
# the list is ever read as shell text.
#
#   sh ci/fleet.sh setup   installs what the program in FLEET_DIR needs (its runtime: FLEET_RUNTIME)
#   sh ci/fleet.sh drift   the drift check of FLEET_STACK: exit 0 in sync, 7 drift, anything else a broken check;
#                          its JSON saved in FLEET_DRIFT_FILE (relative to where it runs) for the fleet's report
#
# FLEET_DIR FLEET_STACK FLEET_RUNTIME FLEET_DRIFT_FILE FLEET_GOPROXY FLEET_GONOSUMDB IDGOV_PLUGIN_VERSION
# IDGOV_PLUGIN_SERVER
set -eu

for name in FLEET_DIR FLEET_STACK FLEET_RUNTIME FLEET_DRIFT_FILE IDGOV_PLUGIN_VERSION IDGOV_PLUGIN_SERVER; do
  eval "value=\${$name:-}"
  if [ -z "$value" ]; then
    echo "fleet: $name is not set: the pipeline sets it from ci/stacks.json (node ci/fleet.mjs matrix|gitlab)" >&2
    exit 2
  fi
done
drift_file="$PWD/$FLEET_DRIFT_FILE"
cd -- "$FLEET_DIR"

if [ "$FLEET_RUNTIME" = go ]; then
  # The SDK's module from the release's proxy, every other module as the runner gets it; the SDK is not in the
  # public checksum database (go.sum holds its hash).
  GOPROXY="$FLEET_GOPROXY,$(go env GOPROXY)"
  GONOSUMDB="$FLEET_GONOSUMDB${GONOSUMDB:+,$GONOSUMDB}"
  export GOPROXY GONOSUMDB
fi

setup() {
  case "$FLEET_RUNTIME" in
  yaml) pulumi plugin install resource idgov "$IDGOV_PLUGIN_VERSION" --server "$IDGOV_PLUGIN_SERVER" ;;
  python)
    python3 -m venv venv
    venv/bin/pip install --quiet --disable-pip-version-check -r requirements.txt
    ;;
  go) go mod download ;;
  # The pom names the release's repository after Maven Central (examples/java/pom.xml), so the release is asked
  # only for this project's artifacts.
  java) mvn --batch-mode --no-transfer-progress --quiet compile ;;
  nodejs) npm ci --no-audit --no-fund ;;
  *)
    echo "fleet: $FLEET_DIR: no setup for runtime \"$FLEET_RUNTIME\" (yaml, python, go, java, nodejs)" >&2
    exit 2
    ;;
  esac
}

drift() {
  mkdir -p -- "$(dirname -- "$drift_file")"
  set +e
  # --show-sames: the objects without drift carry what the refresh read too, so the report sees changes outside the
  # code on them (docs/guides/drift.md).
  pulumi preview --refresh --expect-no-changes --show-sames --json --parallel 10 --non-interactive \
    --stack "$FLEET_STACK" >"$drift_file"
  code=$?
  set -e
  if [ "$code" = 7 ]; then
    echo "fleet: drift in $FLEET_STACK: the objects and fields are in $FLEET_DRIFT_FILE and the fleet's report" >&2
  elif [ "$code" != 0 ]; then
    echo "fleet: the drift check of $FLEET_STACK broke (exit $code): see above and $FLEET_DRIFT_FILE" >&2
  fi
  exit "$code"
}

case "${1:-}" in
setup) setup ;;
drift) drift ;;
*)
  echo "usage: fleet.sh setup|drift" >&2
  exit 2
  ;;
esac
