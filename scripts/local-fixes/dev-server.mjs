// Loaded with `node --import` by `npm start` into the Astro dev server's process: the same two local
// fixes the preview uses (see this folder's README), for the project in the current folder.
import "./netlify-blobs-server.mjs";
import { keepFunctionBuildsInUse } from "./netlify-dev-function-builds.mjs";

keepFunctionBuildsInUse(process.cwd());
