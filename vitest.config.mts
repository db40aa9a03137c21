import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { availableParallelism } from "node:os";
import path from "node:path";

// The files that take longest (each starts CLIs, servers or workers as child processes), longest first, as
// measured in a full run (docs/operations.md#tests). Vitest orders files by their last duration when it has run
// them before in this checkout; a clean clone (CI) has no such record, and by size these came late: the last of
// them then ran alone at the end while the other worker sat idle.
const SLOW_FILES = [
  "scripts/db-backup.test.ts",
  "scripts/db-export.test.ts",
  "db/pglite-thread.test.ts",
  "lib/scoring/cli.test.ts",
  "app/api/v1/evaluate/restart.test.ts",
  "db/pglite-init.test.ts",
  "lib/richtext/property.test.ts",
  "db/pglite-hot.test.ts",
  "db/maintenance.test.ts",
];

/** Vitest's order (last durations, else size), with the slow files first when they have no duration yet. */
class SlowFilesFirst extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const at = SLOW_FILES.indexOf(path.relative(import.meta.dirname, spec.moduleId).split(path.sep).join("/"));
      return at < 0 ? SLOW_FILES.length : at;
    };
    const known = (spec: TestSpecification) => Boolean(this.ctx.cache.getFileTestResults(`${spec.project.name}:${path.relative(this.ctx.config.root, spec.moduleId)}`));
    if (sorted.every(known)) return sorted;
    return sorted.map((spec, i) => ({ spec, i })).sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i).map(({ spec }) => spec);
  }
}

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["**/*.test.ts"],
    exclude: ["node_modules/**", ".next*/**", "e2e/**", ".data/**", "test-results/**"],
    environment: "node",
    pool: "forks",
    // One worker more than the cores (3 on a 2-core machine): many files spend much of their time waiting (child
    // processes, timers, callbacks, PostgreSQL), and with as many workers as cores a 2-core machine was half idle
    // (366 s of wall for 361 s of CPU); with three, 184 s (docs/operations.md#tests). Vitest's default, one fewer
    // than the cores, ran the files one after another there. Each file has its own database (a PGlite copy, or a
    // database cloned on the server), and ports are taken from the OS.
    maxWorkers: availableParallelism() + 1,
    sequence: { sequencer: SlowFilesFirst },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ["./testing/global-setup.ts"],
    // The encryption key of every test database (lib/secrets/encryption-key.ts), so no test writes a key file
    // beside the checkout's own database; lib/secrets/encryption-key.test.ts unsets it to test the key files.
    // Every process a test starts stops when the process that started it is gone (testing/exit-with-parent.mjs), so a run
    // stopped from outside leaves no server or queue worker behind.
    env: {
      ENCRYPTION_KEY: "dGVzdC1lbmNyeXB0aW9uLWtleS0wMTIzNDU2Nzg5YWI=",
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import ${JSON.stringify(path.join(import.meta.dirname, "testing", "exit-with-parent.mjs"))}`.trim(),
    },
  },
});
