import type { Config } from "@netlify/functions";
import { contactForm } from "../../src/features/contact/server/handler";
import { publicFormFunction } from "../../src/features/inbox/server/intake";

export default publicFormFunction({ fn: "submit-contact-form", label: "contact form", spec: () => contactForm });

export const config: Config = {
  path: "/api/submit-contact-form",
};
