/** next-auth's session cookie: `__Secure-` prefixed on https. Large tokens are split into `.0`, `.1`, ... chunks. */
export const SESSION_COOKIE_NAMES = ["__Secure-next-auth.session-token", "next-auth.session-token"] as const;

/** Whether a request carries a session cookie at all (whole or in chunks); not whether it is valid. */
export function hasSessionCookie(names: Iterable<string>): boolean {
  for (const name of names) {
    for (const cookie of SESSION_COOKIE_NAMES) {
      if (name === cookie || (name.startsWith(`${cookie}.`) && /^\d+$/.test(name.slice(cookie.length + 1)))) return true;
    }
  }
  return false;
}
