// `npm run test:faults`: the fault suite (faults/*.faults.ts). Each test runs the production server, and the
// workers, as child processes it can kill; the main `vitest run` (files named *.test.ts) never picks them up.
// Two files at a time: each has its own port, data directory, receiver and (postgres) private server, and most
// of a file's time is waiting for a server to start or for callbacks to arrive, so two side by side take about
// 60% of the time one after another took, and every wait is sized to what it waits for (docs/operations.md#tests). Needs a production build: scripts/start.mjs builds one when it is missing or stale.
import { defineConfig } from "vitest/config";
import path from "node:path";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["faults/**/*.faults.ts"],
    environment: "node",
    pool: "forks",
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
