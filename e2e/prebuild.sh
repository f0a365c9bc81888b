#!/usr/bin/env bash
# Builds (cached) every Go tool of the real-component suites, one after another at low priority:
# ./gpu-dra test starts it beside Maven, so that on a cold machine the Go builds (about 25 minutes)
# overlap the tests of the modules before e2e instead of following them. Each script waits for a
# run of itself already in progress, so a suite that needs a tool first waits for it rather than
# building it twice. Warm, every step finds its cache at once. A failed step is left to the suite
# that needs it, which runs the script again and says why.
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
steps=(
  "controlplane/build.sh"
  "controlplane/build.sh 1.34"
  "node/build.sh"
  "node/registry.sh"
  "node/nfd-image.sh"
  "node/release-tools.sh"
)
for step in "${steps[@]}"; do
  read -r -a words <<<"$step"
  start=$(date +%s)
  if nice -n 10 bash "$here/${words[0]}" "${words[@]:1}" >/dev/null; then
    echo "prebuild: $step: $(( $(date +%s) - start ))s"
  else
    echo "prebuild: $step failed (exit $?); the suite that needs it builds it again"
  fi
done
