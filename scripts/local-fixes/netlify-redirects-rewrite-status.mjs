// Library: @netlify/redirects 3.1.15 (RedirectsHandler, used by the local Netlify server of @netlify/dev).
//
// Defect: a rule that rewrites to a static file with a status of its own, such as the per-language
// not-found pages of netlify.toml (`/et/*` to `/et/404.html`, status 404), answers that file with
// status 200. Netlify answers with the rule's status, so a missing page under /et/ would look found.
// Fix: when the handler answers a rewrite with its target file, the answer takes the rule's status.
// The file a request names itself, which a rule that is not forced leaves alone, keeps its status.
// The local server creates its handler itself and takes no option for this, so the fix changes the
// class's method in this process; nothing is written into node_modules. Load this module before a
// local server handles requests: the preview (scripts/lib/serve-netlify.mjs) and `npm start`
// (scripts/lib/dev-server-fixes.mjs) do. tests/integration/local-fixes.test.ts runs the stock class
// and fails once a release answers with the rule's status: then delete this file and its imports.
import { RedirectsHandler } from "@netlify/redirects";

const PATCHED = Symbol.for("aural.netlify-rewrite-status");
const handler = RedirectsHandler.prototype;

if (!handler[PATCHED]) {
  const handle = handler.handle;
  /**
   * @param {Request} request
   * @param {{ statusCode?: number, redirect: boolean, external: boolean }} match
   * @param {(request: Request) => Promise<(() => Promise<Response>) | undefined>} getStaticFile
   */
  handler.handle = function handleWithRuleStatus(request, match, getStaticFile) {
    const status = match.statusCode;
    if (!status || status === 200 || match.redirect || match.external) {
      return handle.call(this, request, match, getStaticFile);
    }
    return handle.call(this, request, match, async (fileRequest) => {
      const serve = await getStaticFile(fileRequest);
      // The handler asks first for the file the request itself names, with that very request.
      if (!serve || fileRequest === request) return serve;
      return async () => {
        const response = await serve();
        if (response.status !== 200) return response;
        return new Response(response.body, { status, headers: response.headers });
      };
    });
  };
  handler[PATCHED] = true;
}
