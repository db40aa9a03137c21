// The scripts the tests run as processes of their own (the score CLI, db:backup, db:restore, db:export, the
// benchmarks, testing/backup-server.ts), bundled once per Vitest run by the global setup (testing/global-setup.ts)
// so that each process starts as plain `node` on one JavaScript file instead of `node --import tsx` on the
// TypeScript sources: tsx resolves and compiles some hundred files at every start. Measured on the 2-core VM,
// the score CLI on the three-story fixture: 1.0-1.2 s of CPU with tsx, 0.7-0.85 s bundled (docs/operations.md#tests).
//
// The bundle is what tsx runs, made the way tsx makes it: CommonJS (package.json has no "type"), the packages
// in node_modules left to Node (loaded from node_modules as tsx loads them), `@/` resolved by tsconfig's paths.
// What a module asks about its own file (`__dirname`, `__filename`, `import.meta.dirname|filename|url`) answers
// the source file's, as under tsx. A bundle older than any of its sources (Vitest's watch mode after an edit) is
// not used: the script then runs with tsx, as before.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { build } from "esbuild";
import path from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = path.resolve(import.meta.dirname, "..");

/** The scripts bundled: every script a unit test starts as a process of its own through `nodeArgs`. */
export const BUNDLED_SCRIPTS = [
  "scripts/score.ts",
  "scripts/db-backup.ts",
  "scripts/db-restore.ts",
  "scripts/db-export.ts",
  "scripts/provision.ts",
  "scripts/bench-quality.ts",
  "scripts/bench-llm.ts",
  "scripts/bench-bugs.ts",
  "testing/backup-server.ts",
];

export const bundleOf = (outdir: string, script: string) => path.join(outdir, script.replace(/\.ts$/, ".cjs"));

/** Bundles BUNDLED_SCRIPTS into `outdir` (inside the checkout, so that Node finds node_modules from there). */
export async function buildCliBundles(outdir: string): Promise<void> {
  const started = Date.now();
  mkdirSync(outdir, { recursive: true });
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: BUNDLED_SCRIPTS,
    outbase: ROOT,
    outdir,
    outExtension: { ".js": ".cjs" },
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    packages: "external",
    sourcemap: true,
    metafile: true,
    logLevel: "error",
    plugins: [
      {
        name: "own-file",
        setup(builder) {
          builder.onLoad({ filter: /\.(ts|tsx|mts|cts)$/ }, (args) => {
            if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
            const dir = JSON.stringify(path.dirname(args.path));
            const file = JSON.stringify(args.path);
            const source = readFileSync(args.path, "utf8")
              .replace(/\bimport\.meta\.dirname\b/g, dir)
              .replace(/\bimport\.meta\.filename\b/g, file)
              .replace(/\bimport\.meta\.url\b/g, JSON.stringify(pathToFileURL(args.path).href));
            // Declared, not substituted, so that `typeof __dirname` and the like read as they do under tsx.
            const own = /\b__(dirname|filename)\b/.test(source) ? `var __dirname = ${dir}, __filename = ${file};\n` : "";
            return { contents: own + source, loader: args.path.endsWith("x") ? "tsx" : "ts" };
          });
        },
      },
    ],
  });
  // Every source of each bundle, to tell a stale bundle (an edit since this build) from a current one.
  const inputs: Record<string, string[]> = {};
  for (const [output, meta] of Object.entries(result.metafile.outputs)) {
    if (!meta.entryPoint) continue;
    inputs[path.resolve(ROOT, output)] = Object.keys(meta.inputs).filter((input) => !input.includes("node_modules/"));
  }
  writeFileSync(path.join(outdir, "inputs.json"), JSON.stringify({ builtAt: started, inputs }));
}
