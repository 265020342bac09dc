import { z } from "zod";

/**
 * zod, configured once for browser and server. Without `jitless`, zod probes `new Function` to compile
 * faster parsers; the site's CSP forbids eval, so in the browser the probe fails and the browser
 * reports a CSP violation on every form page. The interpreted parsers are fast enough for forms.
 */
z.config({ jitless: true });

export { z };
