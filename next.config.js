// @ts-check

const development = process.env.NODE_ENV === "development";

/**
 * The Content-Security-Policy every response carries. Next.js streams its page data in inline scripts, so
 * scripts are 'self' plus inline (no other origin); styles likewise (the charts set inline styles). Nothing is
 * loaded from another origin, nothing may frame a page (clickjacking), and forms post only to this service.
 * Development adds what React's hot reload needs.
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${development ? " 'unsafe-eval'" : ""}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  `connect-src 'self'${development ? " ws: wss:" : ""}`,
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** Sent on every page, API answer, error and static file (HSTS, which depends on the scheme, is in proxy.ts). */
const securityHeaders = [
  { key: "Content-Security-Policy", value: contentSecurityPolicy },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships WASM and data files that must be loaded from node_modules at run time, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pino", "pg-boss", "postgres", "wink-nlp", "wink-eng-lite-web-model"],
  poweredByHeader: false,
  // Lets several checkouts' builds (parallel e2e runs) live side by side; `.next` by default.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // `npm test` type-checks the whole project first (tsc --noEmit); `npm start` need not do it again.
  typescript: { ignoreBuildErrors: true },
  reactStrictMode: true,
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
  async redirects() {
    // The evaluator is the home page; /evaluate is where people look for it (its API lives under /evaluate/*).
    return [{ source: "/evaluate", destination: "/", permanent: false }];
  },
};

module.exports = nextConfig;
