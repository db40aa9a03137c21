// The embedded database's own thread (db/pglite-thread.ts starts it): PGlite opened on a data directory, answering
// the main thread's calls one at a time. Only raw protocol traffic crosses: the main thread serializes each
// message and parses each reply (PGlite's own code, through its base class), so what runs here is PostgreSQL
// itself, its WebAssembly, which was a fifth of the main thread's time per score request.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";

/** @type {{ dataDir: string, startParams: string[] }} */
const { dataDir, startParams } = workerData;
const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);

/** @param {unknown} error */
function describe(error) {
  const { name = "Error", message = String(error) } = /** @type {{ name?: string, message?: string }} */ (error ?? {});
  return { name, message };
}

/** @type {PGlite} */
let db;
try {
  db = await PGlite.create(dataDir, { startParams });
} catch (error) {
  port.postMessage({ type: "failed", error: describe(error) });
  process.exit(1);
}

// Where `npm run bench:memory`'s probe (scripts/memory-probe.mjs, preloaded in every thread) finds the database.
globalThis.__sscPgliteThread = db;

/**
 * One call at a time, in arrival order: the main thread holds PGlite's locks, so calls arrive one by one
 * anyway, and a call that awaits (a dump, a close) must still not let the next one in before it is done.
 */
let queue = Promise.resolve();

const methods = {
  /**
   * The reply's bytes, unparsed. Not `db.execProtocolRaw`: in PGlite 0.5 that also parses every reply into the
   * instance's message list, which only `execProtocol` empties, so each call's parsed rows stayed on this
   * thread's heap for good (about 400 bytes per score request, 40 MB over 100,000 stories) and cost the
   * parsing besides. `execProtocolRawStream` hands over the bytes as PostgreSQL writes them and parses nothing;
   * the main thread parses the reply once, as before.
   * @param {Uint8Array} message @param {{ syncToFs?: boolean }} options
   */
  async execProtocolRaw(message, { syncToFs = true } = {}) {
    // A startup packet (first byte 0) is answered by PGlite's return value, not through the stream.
    if (message[0] === 0) {
      const { data } = await db.execProtocol(message, { syncToFs, throwOnError: false });
      return { result: data, transfer: [data.buffer] };
    }
    /** @type {Uint8Array[]} */
    const chunks = [];
    let length = 0;
    await db.execProtocolRawStream(message, {
      syncToFs,
      // A view of the WebAssembly memory, valid only during the call: copied.
      onRawData: (chunk) => {
        chunks.push(chunk.slice());
        length += chunk.length;
      },
    });
    if (chunks.length === 1) return { result: chunks[0], transfer: [chunks[0].buffer] };
    const data = new Uint8Array(length);
    let at = 0;
    for (const chunk of chunks) {
      data.set(chunk, at);
      at += chunk.length;
    }
    return { result: data, transfer: [data.buffer] };
  },
  async syncToFs() {
    await db.syncToFs();
    return { result: undefined, transfer: [] };
  },
  /** @param {"none" | "gzip" | "auto" | undefined} compression */
  async dumpDataDir(compression) {
    const blob = await db.dumpDataDir(compression);
    const bytes = new Uint8Array(await blob.arrayBuffer());
    return { result: { bytes, type: blob.type }, transfer: [bytes.buffer] };
  },
  async close() {
    if (!db.closed) await db.close();
    return { result: undefined, transfer: [] };
  },
};

port.on("message", (/** @type {{ id: number, method: keyof typeof methods, args: unknown[] }} */ call) => {
  queue = queue.then(async () => {
    try {
      const { result, transfer } = await methods[call.method](...call.args);
      port.postMessage({ id: call.id, result }, transfer);
    } catch (error) {
      port.postMessage({ id: call.id, error: describe(error) });
    }
  });
});

port.postMessage({ type: "ready" });
