// @ts-check
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
};

module.exports = nextConfig;
