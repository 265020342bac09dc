// Loaded with `node --import` by `npm start` into the Astro dev server's process: the same local fixes
// the preview uses (see scripts/local-fixes/README.md), for the project in the current folder.
import "../local-fixes/netlify-blobs-server.mjs";
import "../local-fixes/netlify-dev-shadowed-headers.mjs";
import "../local-fixes/netlify-redirects-rewrite-status.mjs";
import { keepFunctionBuildsInUse } from "../local-fixes/netlify-dev-function-builds.mjs";

keepFunctionBuildsInUse(process.cwd());
