import { config, type core } from "zod/mini";

/**
 * zod's tree-shakable build, for schemas that browser code loads (the forms): only the checks a
 * schema uses end up in a page's JavaScript. Import it as a namespace (`import * as z from …`), which
 * bundlers shake member by member. Build-time content schemas and server-only schemas use the full
 * build (./zod). Without `jitless`, zod probes `new Function` to compile faster parsers; the site's
 * CSP forbids eval, so in the browser the probe would fail and report a CSP violation on every form
 * page. The interpreted parsers are fast enough for forms.
 */
config({ jitless: true });

export * from "zod/mini";

/** The issues of a failed parse, as the full and the mini build both report them. */
export type ParseIssues = { issues: readonly core.$ZodIssue[] };
