// `npm run test:faults`: the fault suite (faults/*.faults.ts). Each test runs the production server, and the
// workers, as child processes it can kill; so the files run one after another (they would otherwise compete
// for the CPU and make every timing loose), and the main `vitest run` (files named *.test.ts) never picks
// them up. Needs a production build: scripts/start.mjs builds one when it is missing or stale.
import { defineConfig } from "vitest/config";
import path from "node:path";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["faults/**/*.faults.ts"],
    environment: "node",
    pool: "forks",
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
