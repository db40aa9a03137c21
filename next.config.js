// @ts-check

/**
 * The Content-Security-Policy of Next's static files, which the proxy does not see (its matcher leaves them out).
 * Every page and answer gets its own, with a nonce for its scripts, from proxy.ts (lib/http/content-security-policy.ts).
 */
const staticFilePolicy = "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/** Sent on every page, API answer, error and static file (the CSP and HSTS, which depend on the request, are in proxy.ts). */
const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships WASM and data files that must be loaded from node_modules at run time, not bundled. The
  // language models (wink-nlp's, ELD's n-gram database) are loaded from there too: bundled, each server chunk
  // that holds one is a copy, and the production server loads every route's chunks at start (docs/operations.md#memory).
  serverExternalPackages: ["@electric-sql/pglite", "pino", "pg-boss", "postgres", "wink-nlp", "wink-eng-lite-web-model", "eld"],
  poweredByHeader: false,
  // Lets several checkouts' builds (parallel e2e runs) live side by side; `.next` by default.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // `npm test` type-checks the whole project first (tsc --noEmit); `npm start` need not do it again.
  typescript: { ignoreBuildErrors: true },
  reactStrictMode: true,
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      // The paths proxy.ts's matcher leaves out.
      ...["/_next/static/:path*", "/_next/image/:path*", "/favicon.ico", "/icon.svg"].map((source) => ({
        source,
        headers: [{ key: "Content-Security-Policy", value: staticFilePolicy }],
      })),
    ];
  },
  async redirects() {
    // The evaluator is the home page; /evaluate is where people look for it (its API lives under /evaluate/*).
    return [{ source: "/evaluate", destination: "/", permanent: false }];
  },
};

module.exports = nextConfig;
