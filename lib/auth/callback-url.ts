// Where a browser goes after signing in: only a path on this site. The check reads the value as a browser reads a
// URL, since that is what follows it: tabs and newlines anywhere are removed (so "/\t/evil.example" is
// "//evil.example", another host), leading and trailing control characters and spaces are dropped, a backslash
// counts as a slash, and "/./" and "/../" segments collapse ("/.//evil.example" is "//evil.example" too).
const ORIGIN = "http://callback.invalid";

/** A same-site path (with its query and fragment) to go to after signing in; `fallback` for anything else. */
export function safeCallbackPath(value: unknown, fallback = "/dashboard"): string {
  const raw = Array.isArray(value) ? value[0] : value;
  if (typeof raw !== "string") return fallback;
  const cleaned = raw.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "");
  if (!cleaned.startsWith("/") || /^[/\\]{2}|^\/\\/.test(cleaned)) return fallback;
  let url: URL;
  try {
    url = new URL(cleaned, ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== ORIGIN) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // After normalisation: still a path of this site, and nothing a Location header cannot carry.
  if (!path.startsWith("/") || path.startsWith("//") || /[\u0000-\u001f\u007f]/.test(path)) return fallback;
  return path;
}
