// A clone has no shared data beside it, and `npm test` must pass there: the tests read that folder only through
// testing/shared-data.ts, which answers nothing when it is absent or SHARED_DATA=off.
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sharedDataDir, sharedDataFile, sharedDataFiles } from "./shared-data";

const ROOT = path.resolve(import.meta.dirname, "..");
const SKIP = new Set(["node_modules", ".git", ".data", "test-results", "playwright-report"]);
const HELPER = path.join(ROOT, "testing/shared-data.ts");
const SELF = path.join(ROOT, "testing/shared-data.test.ts");

/** The files the test runners load: test, spec and fault files, and the helpers of testing/, e2e and faults. */
function testFiles(dir = ROOT, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith(".next")) continue;
    const file = path.join(dir, entry.name);
    const relative = path.relative(ROOT, file);
    if (entry.isDirectory()) testFiles(file, out);
    else if (/\.(test|spec|faults)\.[cm]?tsx?$/.test(entry.name) || (/^(testing|e2e|faults)\//.test(relative) && /\.[cm]?[jt]sx?$/.test(entry.name))) {
      out.push(file);
    }
  }
  return out;
}

// "../shared" in a path, or the segments "..", "shared" given to path.join / path.resolve.
const PARENT = "\\.\\.";
const READS_SHARED = new RegExp(`${PARENT}/shared\\b|["'\`]${PARENT}["'\`]\\s*,\\s*["'\`]shared["'\`/]`);

describe("the shared data beside a checkout", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("is read by no test file except through testing/shared-data.ts", () => {
    const files = testFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain(path.join(ROOT, "lib/scoring/heuristic/kinds.test.ts"));
    const offenders = files
      .filter((file) => file !== HELPER && file !== SELF)
      .filter((file) => READS_SHARED.test(fs.readFileSync(file, "utf8")))
      .map((file) => path.relative(ROOT, file));
    expect(offenders).toEqual([]);
  });

  it("catches the ways a path reaches it", () => {
    for (const text of ['path.resolve(__dirname, "../../../../shared/data/backlogs")', 'path.join(ROOT, "..", "shared", "data")', "`${ROOT}/../shared/spec`"]) {
      expect(READS_SHARED.test(text), text).toBe(true);
    }
    expect(READS_SHARED.test('describe("shared", () => {})')).toBe(false);
  });

  it("is absent with SHARED_DATA=off, as on a bare clone: no folder, no file, no files", () => {
    vi.stubEnv("SHARED_DATA", "off");
    expect(sharedDataDir()).toBeNull();
    expect(sharedDataFile("backlogs/g24-unibath.txt")).toBeNull();
    expect(sharedDataFiles("backlogs", ".txt")).toEqual([]);
  });

  it("answers only files that exist when present", () => {
    const dir = sharedDataDir();
    expect(sharedDataFile("no-such-file.txt")).toBeNull();
    expect(sharedDataFiles("no-such-folder", ".txt")).toEqual([]);
    if (dir) for (const file of sharedDataFiles("backlogs", ".txt")) expect(fs.existsSync(file)).toBe(true);
  });
});
