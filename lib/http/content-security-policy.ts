// The Content-Security-Policy of every page and answer the proxy (proxy.ts) handles. Scripts run only when they
// carry the request's nonce: Next.js reads it from the request's own CSP header (set by the proxy) and puts it on
// every script it renders, its streamed page data included, and 'strict-dynamic' extends the trust to the chunks
// those scripts load. No 'unsafe-inline' for scripts, so injected markup cannot run code. Styles stay 'self' plus
// inline: the charts set style attributes, and a style cannot run code. Pages render per request for this (a
// prerendered page would carry no nonce): app/layout.tsx makes every page dynamic.

/** A fresh nonce: 128 random bits, base64 (what the CSP nonce grammar allows). */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export function contentSecurityPolicy(nonce: string, { development = false } = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${development ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
