import { defineConfig } from "vitest/config";
import { availableParallelism } from "node:os";
import path from "node:path";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["**/*.test.ts"],
    exclude: ["node_modules/**", ".next*/**", "e2e/**", ".data/**", "test-results/**"],
    environment: "node",
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine, where the files
    // then run one after another (6.5 minutes of CI instead of 4.7). Two at least; each file has its own
    // database (a PGlite copy, or a database cloned on the server), and ports are taken from the OS.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ["./lib/testing/global-setup.ts"],
    // The encryption key of every test database (lib/secrets/encryption-key.ts), so no test writes a key file
    // beside the checkout's own database; lib/secrets/encryption-key.test.ts unsets it to test the key files.
    env: { ENCRYPTION_KEY: "dGVzdC1lbmNyeXB0aW9uLWtleS0wMTIzNDU2Nzg5YWI=" },
  },
});
