// @ts-check
/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships WASM and data files that must be loaded from node_modules at run time, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pino", "pg-boss", "postgres"],
  poweredByHeader: false,
  reactStrictMode: true,
};

module.exports = nextConfig;
