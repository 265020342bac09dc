// Library: @netlify/dev 4.18.13 (with @netlify/redirects 3.1.15), the local Netlify server.
//
// Defect: a request for a file that exists, under a redirect rule that is not forced (such as the
// per-language not-found rules of netlify.toml, `/fi/*` to `/fi/404.html`), is answered with its own
// file but with the header rules of the rule's target: _headers' block for /fi/guides/clips.pdf is
// never sent, those for /fi/404.html are. Netlify matches header rules against the path asked for.
// Fix: the redirects handler declines a request whose own file exists under a rule that is not
// forced, as Netlify's shadowing does; the local server then serves that file as a static file, with
// the header rules of its own path. The local server creates its handler itself and takes no option
// for this, so the fix changes the class's method in this process; nothing is written into
// node_modules. Load it before a local server handles requests: the preview
// (scripts/lib/serve-netlify.mjs) and `npm start` (scripts/lib/dev-server-fixes.mjs) do.
// tests/integration/local-fixes.test.ts runs the stock server and fails once a release sends a
// file's own header rules: then delete this file and its imports.
import { RedirectsHandler } from "@netlify/redirects";

const PATCHED = Symbol.for("aural.netlify-shadowed-headers");
const handler = RedirectsHandler.prototype;

if (!handler[PATCHED]) {
  const handle = handler.handle;
  /**
   * @param {Request} request
   * @param {{ force?: boolean }} match
   * @param {(request: Request) => Promise<(() => Promise<Response>) | undefined>} getStaticFile
   */
  handler.handle = async function declineShadowedFiles(request, match, getStaticFile) {
    // Undefined tells the local server that no rule applies: it serves the file as it is.
    if (!match.force && (await getStaticFile(request))) return undefined;
    return handle.call(this, request, match, getStaticFile);
  };
  handler[PATCHED] = true;
}
