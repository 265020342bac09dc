/**
 * Fills `{name}` placeholders of a plain text: fill("{count} of {max} chosen.", { count: 2, max: 4 }).
 * A placeholder without a value stays as it is, so a mistake shows rather than vanishes.
 */
// @__NO_SIDE_EFFECTS__
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
