/**
 * Routes the header or pages already link to whose pages arrive with later work. The link check
 * accepts links to these only while no page exists for them; once a page is built, the check fails
 * until the route is taken off this list, so the list can only shrink.
 */
export const pendingRoutes: readonly string[] = [];
