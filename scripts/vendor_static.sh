#!/usr/bin/env bash
# Fetch the browser libraries the web explorer serves itself (no CDN at run time)
# from the npm registry and copy them into hopgraph/server/static/vendor/.
#
#   cytoscape       -> cytoscape.min.js           (graph rendering + cose/concentric layouts)
#   swagger-ui-dist -> swagger-ui-bundle.js, swagger-ui.css  (OpenAPI docs at /docs)
#
# The copied files are committed; run this again only to upgrade a version.
# Usage: scripts/vendor_static.sh   (needs npm)
set -euo pipefail

CYTOSCAPE_VERSION="${CYTOSCAPE_VERSION:-3.34.4}"
SWAGGER_UI_VERSION="${SWAGGER_UI_VERSION:-5.35.0}"

here="$(cd "$(dirname "$0")/.." && pwd)"
dest="$here/hopgraph/server/static/vendor"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cd "$work"
npm pack --silent "cytoscape@${CYTOSCAPE_VERSION}" "swagger-ui-dist@${SWAGGER_UI_VERSION}" >/dev/null
mkdir cytoscape swagger
tar -xzf "cytoscape-${CYTOSCAPE_VERSION}.tgz" -C cytoscape
tar -xzf "swagger-ui-dist-${SWAGGER_UI_VERSION}.tgz" -C swagger

mkdir -p "$dest"
cp cytoscape/package/dist/cytoscape.min.js "$dest/cytoscape.min.js"
cp cytoscape/package/LICENSE "$dest/cytoscape.LICENSE"
cp swagger/package/swagger-ui-bundle.js "$dest/swagger-ui-bundle.js"
cp swagger/package/swagger-ui.css "$dest/swagger-ui.css"
cp swagger/package/LICENSE "$dest/swagger-ui.LICENSE"
echo "vendored cytoscape ${CYTOSCAPE_VERSION} and swagger-ui-dist ${SWAGGER_UI_VERSION} into $dest"
ls -l "$dest"
