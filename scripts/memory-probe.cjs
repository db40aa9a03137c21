// Where the server's memory is, from inside: `npm run bench:memory` preloads this file into the production
// server (NODE_OPTIONS=--require) with SSC_MEMORY_PROBE_FILE set, and reads the file at each checkpoint. Every
// 2 s it writes one JSON snapshot: the process's own figures (process.memoryUsage: resident, V8 heap, external
// and array buffers), V8's heap spaces, and the embedded database's WebAssembly memory (PGlite's Module memory,
// which only ever grows). It reads the database handle db/client.ts keeps on globalThis, never opens one.
"use strict";
const { writeFileSync } = require("node:fs");
const v8 = require("node:v8");

const file = process.env.SSC_MEMORY_PROBE_FILE;
const MB = 1024 * 1024;
const mb = (bytes) => Math.round((bytes / MB) * 10) / 10;

async function snapshot() {
  // With --expose-gc (a diagnostic run), collect first, so the figures are what is live rather than garbage.
  if (typeof globalThis.gc === "function") globalThis.gc();
  const usage = process.memoryUsage();
  const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((space) => [space.space_name, mb(space.space_used_size)]));
  let database;
  try {
    const handle = await globalThis.__sscDb?.handle;
    if (handle?.driver === "pglite") database = { driver: "pglite", wasm_memory_mb: mb(handle.raw.mod.wasmMemory.buffer.byteLength) };
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
