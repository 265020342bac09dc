/** Where the build writes Pagefind's browser code and index (its default bundle path). */
export const SEARCH_PATH = "/pagefind/";
