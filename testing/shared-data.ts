// The measuring data that sits beside a development checkout (the folder `shared/data` next to it): a clone has
// none. Every test that reads it does so through here, and only to add cases: each function answers nothing
// when the folder is absent, or when SHARED_DATA=off (a bare clone, simulated in a checkout that has the folder).
// testing/shared-data.test.ts fails when a test file reaches the folder any other way.
import fs from "node:fs";
import path from "node:path";

const FOLDER = path.resolve(import.meta.dirname, "../../shared/data");

/** The shared data folder, or null when it is absent (a clone) or SHARED_DATA=off. */
export function sharedDataDir(): string | null {
  if (process.env.SHARED_DATA === "off") return null;
  return fs.existsSync(FOLDER) ? FOLDER : null;
}

/** A file of the shared data (`relative` to its folder), or null when the folder or the file is absent. */
export function sharedDataFile(relative: string): string | null {
  const dir = sharedDataDir();
  if (!dir) return null;
  const file = path.join(dir, relative);
  return fs.existsSync(file) ? file : null;
}

/** The files of a subfolder of the shared data ending in `extension`, sorted; none when it is absent. */
export function sharedDataFiles(subfolder: string, extension: string): string[] {
  const dir = sharedDataDir();
  if (!dir || !fs.existsSync(path.join(dir, subfolder))) return [];
  return fs
    .readdirSync(path.join(dir, subfolder))
    .filter((name) => name.endsWith(extension))
    .sort()
    .map((name) => path.join(dir, subfolder, name));
}
