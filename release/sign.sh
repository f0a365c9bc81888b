#!/usr/bin/env bash
# Signs every reference listed in the given files (dist/image.ref, dist/charts.ref: one
# REGISTRY/NAME:TAG@sha256:... per line) with cosign, by digest.
#   release/sign.sh dist/image.ref dist/charts.ref
# Keyless by default: Sigstore's Fulcio certificate for the CI job's OIDC identity, logged in
# Rekor (the release workflow). COSIGN_KEY=<key file>: with that key and no transparency log
# (a lab, or the test suite's loopback registry), COSIGN_PASSWORD as cosign reads it.
# COSIGN=<cosign> (default: cosign on PATH); INSECURE=1: a plain-HTTP registry.
set -euo pipefail
cosign=${COSIGN:-cosign}
[ $# -gt 0 ] || { echo "sign: name the files that list what to sign (dist/image.ref ...)" >&2; exit 2; }
flags=(--yes)
if [ -n "${COSIGN_KEY:-}" ]; then
  flags+=(--key "$COSIGN_KEY" --tlog-upload=false)
fi
[ "${INSECURE:-0}" = 1 ] && flags+=(--allow-insecure-registry --allow-http-registry)
signed=0
for file in "$@"; do
  [ -f "$file" ] || { echo "sign: no $file" >&2; exit 1; }
  while IFS= read -r ref; do
    [ -n "$ref" ] || continue
    case "$ref" in
      *@sha256:*) ;;
      *) echo "sign: $file: '$ref' names no digest; sign by digest only" >&2; exit 1 ;;
    esac
    "$cosign" sign "${flags[@]}" "$ref" >&2
    echo "sign: $ref"
    signed=$((signed + 1))
  done < "$file"
done
[ "$signed" -gt 0 ] || { echo "sign: nothing listed in $*" >&2; exit 1; }
