import { POSITION } from "../../lib/list-order";
import { z } from "../../lib/zod";

const href = z.string().regex(/^\/[a-z0-9/-]*$/, "Use a site path such as /about");
const NavLinkSchema = z.strictObject({ label: z.string().min(1), href });

/**
 * One entry of content/navigation.json, the header's menu in order: a link, or a group of links
 * shown as a dropdown (and as a footer column for products and learning).
 */
export const NavEntrySchema = z.union([
  z.strictObject({ id: z.string().min(1), position: POSITION, label: z.string().min(1), href }),
  z.strictObject({
    id: z.string().min(1),
    position: POSITION,
    label: z.string().min(1),
    items: z.array(NavLinkSchema).min(1),
  }),
]);

/** The menu's translation, content/<language>/navigation.json: each entry's label, matched by id and href. */
export const NavTextSchema = z.strictObject({
  items: z.array(
    z.union([
      z.strictObject({ id: z.string().min(1), label: z.string().min(1) }),
      z.strictObject({ id: z.string().min(1), label: z.string().min(1), items: z.array(NavLinkSchema).min(1) }),
    ]),
  ),
});

export type NavLink = z.infer<typeof NavLinkSchema>;
export type NavEntry = z.infer<typeof NavEntrySchema>;
export type NavGroup = Extract<NavEntry, { items: NavLink[] }>;
