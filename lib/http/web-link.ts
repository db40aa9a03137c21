// A link a page may render: an absolute http or https URL. A tracker decides what its issues' links say, so a
// `javascript:` or `data:` link there would run in our origin when clicked; such a link is dropped when an issue is
// stored, and again when a page reads one stored before.

/** The URL, normalised, when it is an absolute http(s) URL; null otherwise. */
export function webLink(value: unknown): string | null {
  if (typeof value !== "string" || !value.trim()) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}
