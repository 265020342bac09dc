// @ts-check
// The first step: each built page inlines only the utility rules it can use. The site's stylesheet
// holds the utilities of every page (the admin inbox, the calculator and the forms included); a
// content page uses fewer than half of them. The inlined stylesheet of each page keeps the utility
// rules whose classes occur in the page's markup or in any script the page can load (inline, module,
// island, and what those import, on demand included), so a class a script adds later is kept. A
// content page's HTML then fits in the first round trip of a new connection (about 14 KB compressed).
import postcss from "postcss";
import selectorParser from "postcss-selector-parser";
import { pageScripts } from "./page-scripts.mjs";

/** The stylesheet the site's CSS entry compiles to starts with Tailwind's banner. */
const SITE_STYLESHEET = "/*! tailwindcss";

/** Markup and script text with HTML's character references undone (island props carry classes so). */
const decoded = (/** @type {string} */ text) =>
  text
    .replace(/&quot;|&#34;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/**
 * Every word a class could be written as in markup or script: runs of characters between quotes,
 * angle brackets and white space (Tailwind's arbitrary values such as `aspect-[4/3]` stay whole),
 * and runs of word characters, dashes, dots, slashes and colons. Too many words only keep a rule.
 * @param {string} text
 */
export function candidateWords(text) {
  const words = new Set();
  for (const source of [text, decoded(text)]) {
    for (const word of source.match(/[^<>"'`\s]*[^<>"'`\s:]/g) ?? []) words.add(word);
    for (const word of source.match(/[\w\-/:.]+(?<!:)/g) ?? []) words.add(word);
  }
  return words;
}

/**
 * The classes an element must have for one complex selector to match it, anywhere in the selector.
 * Classes under `:not()` or in a pseudo-class's list of alternatives (`:is(.a, .b)`) are not
 * required, so they never remove a rule.
 * @param {import("postcss-selector-parser").Selector} selector
 */
function requiredClasses(selector) {
  /** @type {string[]} */
  const classes = [];
  selector.walkClasses((node) => {
    for (let parent = node.parent; parent && parent !== selector; parent = parent.parent) {
      if (parent.type === "pseudo" && (parent.value === ":not" || parent.nodes.length > 1)) return;
    }
    classes.push(node.value);
  });
  return classes;
}

/**
 * Removes the custom properties nothing uses any more: a property (`--tw-ring-color`, a theme colour)
 * that no remaining declaration reads with var() and that the page's markup and scripts never name
 * loses its declarations and its @property rule. Repeated until nothing changes, since a property
 * may be read only by another unused one.
 * @param {import("postcss").Root} root
 * @param {Set<string>} words
 */
function dropUnusedProperties(root, words) {
  for (let changed = true; changed; ) {
    changed = false;
    /** @type {Set<string>} */
    const read = new Set();
    root.walkDecls((decl) => {
      for (const match of decl.value.matchAll(/var\(\s*(--[\w-]+)/g)) if (match[1]) read.add(match[1]);
    });
    const unused = (/** @type {string} */ name) => !read.has(name) && !words.has(name);
    root.walkDecls(/^--/, (decl) => {
      if (!unused(decl.prop)) return;
      decl.remove();
      changed = true;
    });
    root.walkAtRules("property", (rule) => {
      if (!unused(rule.params.trim())) return;
      rule.remove();
      changed = true;
    });
  }
}

/**
 * Removes rules and block at-rules (a media query, a layer) left without content, innermost first.
 * @param {import("postcss").Container} container
 */
function dropEmpty(container) {
  /** @type {(import("postcss").Rule | import("postcss").AtRule)[]} */
  const blocks = [];
  container.walk((node) => {
    if (node.type === "rule" || (node.type === "atrule" && node.nodes)) blocks.push(node);
  });
  for (const block of blocks.reverse()) if (block.nodes?.length === 0) block.remove();
}

/**
 * The page's site stylesheet cut to what the page can use. In the utilities layer a rule stays when
 * one of its selectors names no class that is missing from `words`; rules are judged by their
 * classes alone, so attributes and states (`[open]`, `:hover`) a selector also names never remove
 * it. The reset, the base styles and the theme's rules apply to elements and states whatever the
 * markup says (a focus ring, a `hidden` attribute), so they stay whole; only custom properties that
 * nothing uses any more go.
 * @param {string} css the stylesheet
 * @param {Set<string>} words what the page's markup and scripts contain (see candidateWords)
 */
export function stylesFor(css, words) {
  const root = postcss.parse(css);
  const layers = root.nodes.filter(
    (node) => node.type === "atrule" && node.name === "layer" && node.params === "utilities",
  );
  if (layers.length !== 1) throw new Error(`expected one utilities layer in the stylesheet, found ${layers.length}`);
  const layer = /** @type {import("postcss").AtRule} */ (layers[0]);
  layer.walkRules((rule) => {
    /** @type {boolean} */
    let used = false;
    selectorParser((selectors) => {
      used = selectors.nodes.some((selector) => requiredClasses(selector).every((name) => words.has(name)));
    }).processSync(rule.selector);
    if (!used) rule.remove();
  });
  dropUnusedProperties(root, words);
  dropEmpty(root);
  return root.toString();
}

/**
 * A page with its site stylesheet cut to what the page can use. Pages without the site stylesheet
 * come back unchanged.
 * @param {string} html
 * @param {(url: string) => string} read a built asset's text by its site path
 */
export function cutStyles(html, read) {
  const style = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].find((m) => m[1]?.startsWith(SITE_STYLESHEET));
  const css = style?.[1];
  if (!style || css === undefined) return html;
  const { texts } = pageScripts(html, read, { includeDynamic: true });
  const words = new Set([html.replace(css, ""), ...texts].flatMap((text) => [...candidateWords(text)]));
  const at = /** @type {number} */ (style.index) + style[0].indexOf(css);
  return `${html.slice(0, at)}${stylesFor(css, words)}${html.slice(at + css.length)}`;
}
