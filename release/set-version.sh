#!/usr/bin/env bash
# Sets the release version everywhere it is written: every pom.xml (the project's own version,
# which Jib tags the image with) and both charts' version and appVersion.
#   release/set-version.sh 1.2.3        (semver: MAJOR.MINOR.PATCH, optionally -PRERELEASE)
# ROOT=<checkout> (default: this script's checkout).
set -euo pipefail
root=${ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
version=${1:-}
if ! [[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$ ]]; then
  echo "set-version: '$version' is not a version like 1.2.3 or 1.2.3-rc.1 (no leading v)" >&2
  exit 2
fi
old=$(sed -n 's:^  <version>\(.*\)</version>:\1:p' "$root/pom.xml" | head -n1)
[ -n "$old" ] || { echo "set-version: $root/pom.xml names no project version" >&2; exit 1; }
count=0
while IFS= read -r pom; do
  # the project's version and its parent's: our artifacts alone carry the old version
  sed -i "s:<version>${old//./\\.}</version>:<version>$version</version>:g" "$pom"
  count=$((count + 1))
done < <(find "$root" -name pom.xml -not -path '*/target/*' -not -path '*/node_modules/*' \
  -not -path "$root/.git/*" -not -path '*/src/test/resources/*')
for chart in "$root"/deployments/helm/gpu-dra "$root"/deployments/helm/gpu-operator; do
  sed -i -e "s/^version: .*/version: $version/" -e "s/^appVersion: .*/appVersion: \"$version\"/" \
    "$chart/Chart.yaml"
done
echo "set-version: $old -> $version in $count poms and 2 charts"
