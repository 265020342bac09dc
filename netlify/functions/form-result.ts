import type { Config } from "@netlify/functions";
import { resultPageResponse } from "../../src/features/forms/server/result-page";

/** A form's success page with the enquiry's reference, for a form posted without JavaScript. */
export default (request: Request) => resultPageResponse(request);

export const config: Config = {
  path: [
    "/contact/sent/:reference",
    "/samples/sent/:reference",
    "/et/contact/sent/:reference",
    "/et/samples/sent/:reference",
    "/fi/contact/sent/:reference",
    "/fi/samples/sent/:reference",
    "/sv/contact/sent/:reference",
    "/sv/samples/sent/:reference",
  ],
};
