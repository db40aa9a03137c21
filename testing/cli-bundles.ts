// How a unit test starts one of the scripts bundled by testing/cli-bundles-build.ts (which says why): `node` on
// its bundle, or on its source with tsx as a loader when there is no current bundle.
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { inject } from "vitest";
import { bundleOf } from "./cli-bundles-build";

const ROOT = path.resolve(import.meta.dirname, "..");

declare module "vitest" {
  export interface ProvidedContext {
    /** The folder of this run's bundles (testing/global-setup.ts), or "" when they could not be made. */
    cliBundles: string;
  }
}

let current: Map<string, boolean> | undefined;

/** Whether `bundle` exists and none of its sources changed since it was built. */
function fresh(outdir: string, bundle: string): boolean {
  if (!current) {
    current = new Map();
    const file = path.join(outdir, "inputs.json");
    if (existsSync(file)) {
      const { builtAt, inputs } = JSON.parse(readFileSync(file, "utf8")) as { builtAt: number; inputs: Record<string, string[]> };
      for (const [output, sources] of Object.entries(inputs)) {
        current.set(output, sources.every((source) => statSync(path.resolve(ROOT, source)).mtimeMs < builtAt));
      }
    }
  }
  return current.get(bundle) ?? false;
}

/**
 * The arguments of `node` (process.execPath) that run `script` (a path from the checkout's root, one of
 * BUNDLED_SCRIPTS): its bundle, else (no bundle, or a stale one) tsx as a loader on the source. Run with the
 * checkout as the working directory, as `npm run` runs them.
 */
export function nodeArgs(script: string): string[] {
  const outdir = inject("cliBundles");
  const bundle = outdir ? bundleOf(outdir, script) : "";
  return bundle && fresh(outdir, bundle) ? ["--enable-source-maps", bundle] : ["--import", "tsx", script];
}
