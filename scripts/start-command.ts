// The Node flags `npm start` runs the server with: the words between `node` and `scripts/start.mjs` in
// package.json's `start` script (a heap limit, say). Benchmarks, the fault tests and the browser tests start
// the server with them, so each runs the server as it is deployed.
import { readFileSync } from "node:fs";
import path from "node:path";

export function startFlags(root = process.cwd()): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> };
  const words = scripts.start.trim().split(/\s+/);
  const script = words.indexOf("scripts/start.mjs");
  return words[0] === "node" && script > 0 ? words.slice(1, script) : [];
}
