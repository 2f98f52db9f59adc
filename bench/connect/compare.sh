#!/bin/sh
# BENCH ONLY: alternating runs, hand-written / connect / connect / hand-written, ROUNDS times; one JSON line a run.
#   npm run build && npx tsx bench/connect/bundle.ts && sh bench/connect/compare.sh rpc 2 >> rpc.jsonl
#   sh bench/connect/compare.sh startup 2 >> startup.jsonl
set -e
kind=$1; rounds=${2:-2}
cd "$(dirname "$0")/../.."
for round in $(seq "$rounds"); do
  for variant in hand connect connect hand; do
    npx tsx "bench/connect/${kind}Once.ts" "$variant"
  done
done
