// @ts-check
// The third step: one inline <style> per page instead of several (the font faces, the page's cut
// stylesheet, the heading's face). One hash in the CSP meta tag instead of several is that much less
// of every page's first round trip.

/**
 * A page whose head holds one inline <style> instead of several: their texts joined in document
 * order, which is also their order in the cascade, as no stylesheet link stands between them. A page
 * with a <style> that has attributes (a media query) is left as it is.
 * @param {string} html
 */
export function joinStyles(html) {
  const end = html.indexOf("</head>");
  if (end < 0) return html;
  const head = html.slice(0, end);
  const styles = [...head.matchAll(/<style\b([^>]*)>([\s\S]*?)<\/style>/g)];
  if (styles.length < 2 || styles.some(([, attributes = ""]) => attributes.trim() !== "")) return html;
  if (/<link\b[^>]*rel="?stylesheet/i.test(head)) throw new Error("a stylesheet link stands between the inline styles");
  const texts = styles.map(([, , text = ""]) => text);
  if (texts.slice(1).some((text) => /@(import|charset)\b/.test(text))) {
    throw new Error("a style to join has an @import or @charset, which must come first");
  }
  let first = true;
  const joined = head.replace(/<style>[\s\S]*?<\/style>/g, () => {
    if (!first) return "";
    first = false;
    return `<style>${texts.join("")}</style>`;
  });
  return joined + html.slice(end);
}
