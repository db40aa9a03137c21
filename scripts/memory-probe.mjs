// Where the server's memory is, from inside: `npm run bench:memory` preloads this file into the production
// server (NODE_OPTIONS=--import) with SSC_MEMORY_PROBE_FILE set, and reads the file at each checkpoint. Every
// 2 s it writes one JSON snapshot: the process's own figures (process.memoryUsage: resident, V8 heap, external
// and array buffers), V8's heap spaces, and the embedded database's WebAssembly memory (PGlite's Module memory,
// which only ever grows). It reads the database handle db/client.ts keeps on globalThis, never opens one.
// Preloaded, it runs in every thread of the server: the embedded database's own thread (db/pglite-thread.ts)
// writes its figures beside the main thread's, to the same file name plus `.db-thread`.
import { readFileSync, writeFileSync } from "node:fs";
import v8 from "node:v8";
import { isMainThread } from "node:worker_threads";

const file = process.env.SSC_MEMORY_PROBE_FILE && (isMainThread ? process.env.SSC_MEMORY_PROBE_FILE : `${process.env.SSC_MEMORY_PROBE_FILE}.db-thread`);
const MB = 1024 * 1024;
const mb = (bytes) => Math.round((bytes / MB) * 10) / 10;

/**
 * How much of a WebAssembly memory is resident: the Rss of the mapping of exactly its size in
 * /proc/self/smaps (V8 maps each memory on its own; only the pages PostgreSQL has touched count).
 */
function residentOfMapping(bytes) {
  try {
    for (const mapping of readFileSync("/proc/self/smaps", "utf8").split(/\n(?=[0-9a-f]+-[0-9a-f]+ )/)) {
      const [start, end] = mapping.slice(0, mapping.indexOf(" ")).split("-").map((hex) => parseInt(hex, 16));
      if (end - start !== bytes) continue;
      const rss = /\nRss:\s+(\d+) kB/.exec(mapping);
      if (rss) return mb(Number(rss[1]) * 1024);
    }
  } catch {
    // no /proc (not Linux): leave it out
  }
  return undefined;
}

async function snapshot() {
  // With --expose-gc (a diagnostic run), collect first, so the figures are what is live rather than garbage.
  if (typeof globalThis.gc === "function") globalThis.gc();
  const usage = process.memoryUsage();
  const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((space) => [space.space_name, mb(space.space_used_size)]));
  let database;
  try {
    const handle = await globalThis.__sscDb?.handle;
    // PGlite in this thread (the handle's client), or this is the database's own thread (its worker script's).
    const pglite = globalThis.__sscPgliteThread ?? (handle?.driver === "pglite" ? handle.raw : undefined);
    if (pglite?.mod) {
      const bytes = pglite.mod.wasmMemory.buffer.byteLength;
      database = { driver: "pglite", wasm_memory_mb: mb(bytes), wasm_resident_mb: residentOfMapping(bytes) };
    }
    else if (handle) database = { driver: handle.driver };
  } catch {
    // the database is not open (yet): nothing to report
  }
  return {
    at: new Date().toISOString(),
    rss_mb: mb(usage.rss),
    heap_total_mb: mb(usage.heapTotal),
    heap_used_mb: mb(usage.heapUsed),
    external_mb: mb(usage.external),
    array_buffers_mb: mb(usage.arrayBuffers),
    heap_spaces_mb: spaces,
    database,
  };
}

if (file) {
  const timer = setInterval(() => {
    void snapshot().then((figures) => writeFileSync(file, `${JSON.stringify(figures)}\n`));
  }, 2000);
  timer.unref();
}
