// The embedded database on a thread of its own.
//
// PGlite runs PostgreSQL as WebAssembly in the thread that opened it. In the server that was the main thread,
// which also parses requests, runs the engine and writes answers: under load PostgreSQL's own work was a fifth
// of that thread's time per score request (docs/operations.md, "The embedded database's thread"). Here PGlite
// lives in a worker thread (db/pglite-thread-worker.mjs) and this class stands in for it in the main thread.
//
// It is a PGlite as far as its callers can tell (drizzle, pg-boss, the hot statements of db/pglite-hot.ts, the
// maintenance and the backups): it extends PGlite's own base class, which builds queries, transactions and
// their results out of a handful of primitives, and implements those primitives here: the locks (kept in this
// thread, so every caller queues exactly as on a PGlite), and the raw protocol exchange, which is the only thing
// sent to the database's thread: a message's bytes go there, PostgreSQL's reply bytes come back, and they are
// parsed here with PGlite's own protocol parser, so errors, notices and notifications are PGlite's own objects.
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { ExecProtocolOptions, ExecProtocolResult, PGlite, Transaction } from "@electric-sql/pglite";

type PgliteModule = typeof import("@electric-sql/pglite");
type BackendMessage = ExecProtocolResult["messages"][number];

/** What PGlite's base class provides on top of the primitives below. */
type PgliteBase = Pick<PGlite, "query" | "sql" | "exec" | "transaction" | "describeQuery" | "runExclusive" | "refreshArrayTypes" | "serializers" | "parsers"> & {
  _initArrayTypes(options?: { force?: boolean }): Promise<void>;
};

/** The worker's script: a plain module beside this file, loaded from disk (never bundled). */
const WORKER_SCRIPT = path.join(/* turbopackIgnore: true */ process.cwd(), "db", "pglite-thread-worker.mjs");

/** The thread's `Worker`, on the object `openPgliteThread` returns (the tests stop it as a crash would). */
export const PGLITE_WORKER = Symbol.for("ssc.pgliteThread.worker");

/** The database's thread stopped on its own (a crash, not a close): nothing more can be asked of it. */
export class PgliteThreadExited extends Error {
  constructor(detail: string) {
    super(`PGlite is closed: the embedded database's thread stopped (${detail})`);
    this.name = "PgliteThreadExited";
  }
}

export interface PgliteThreadOptions {
  startParams: string[];
  /** Called once if the thread stops without being closed (the process should then stop: see getDbHandle). */
  onExit?: (error: PgliteThreadExited) => void;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

type Reply = { type: "ready" } | { type: "failed"; error: { name: string; message: string } } | { id: number; result?: unknown; error?: { name: string; message: string } };

/** Open PGlite on `dataDir` in a worker thread; resolves once the database has started there. */
export async function openPgliteThread(dataDir: string, options: PgliteThreadOptions): Promise<PGlite> {
  const pglite = await import("@electric-sql/pglite");
  const Thread = pgliteThreadClass(pglite);
  // The thread inherits this process's Node flags (a heap limit, a profiler). A process started with
  // `--input-type` (code given on the command line) would pass on a flag a worker refuses: it gets none.
  const execArgv = process.execArgv.some((flag) => flag.startsWith("--input-type")) ? [] : undefined;
  const worker = new Worker(WORKER_SCRIPT, { execArgv, workerData: { dataDir, startParams: options.startParams } });
  const thread = new Thread(worker, options.onExit);
  await thread.started;
  worker.unref();
  await thread._initArrayTypes();
  return thread as unknown as PGlite;
}

function pgliteThreadClass(pglite: PgliteModule) {
  // PGlite's base class is not exported by name; it is PGlite's parent.
  const BasePGlite = Object.getPrototypeOf(pglite.PGlite) as new () => PgliteBase;
  const { DatabaseError, NoticeMessage, NotificationResponseMessage } = pglite.messages;

  return class PGliteThread extends BasePGlite {
    readonly debug = 0 as const;
    readonly started: Promise<void>;
    readonly #worker: Worker;
    readonly #pending = new Map<number, Pending>();
    #nextId = 0;
    #parser = new pglite.protocol.Parser();
    readonly #queryMutex = new pglite.Mutex();
    readonly #transactionMutex = new pglite.Mutex();
    #ready = false;
    #closing = false;
    #closed = false;
    /** Why the thread stopped, when it stopped without a close: every later call fails with it. */
    #stopped: PgliteThreadExited | undefined;
    readonly #listeners = new Map<string, Set<(payload: string) => void>>();
    readonly #globalListeners = new Set<(channel: string, payload: string) => void>();

    constructor(worker: Worker, onExit?: (error: PgliteThreadExited) => void) {
      super();
      this.#worker = worker;
      Object.defineProperty(this, PGLITE_WORKER, { value: worker });
      this.started = new Promise<void>((resolve, reject) => {
        worker.on("message", (reply: Reply) => {
          if ("type" in reply) {
            if (reply.type === "ready") {
              this.#ready = true;
              resolve();
            } else reject(remoteError(reply.error));
            return;
          }
          const call = this.#pending.get(reply.id);
          if (!call) return;
          this.#pending.delete(reply.id);
          if (this.#pending.size === 0) worker.unref();
          if (reply.error) call.reject(remoteError(reply.error));
          else call.resolve(reply.result);
        });
        const stopped = (detail: string) => {
          const error = new PgliteThreadExited(detail);
          const unexpected = !this.#closed && !this.#closing;
          if (unexpected) this.#stopped = error;
          this.#closed = true;
          for (const call of this.#pending.values()) call.reject(error);
          this.#pending.clear();
          reject(error);
          if (unexpected && this.#ready) onExit?.(error);
        };
        worker.on("error", (error) => stopped(error.message));
        worker.on("exit", (code) => stopped(`exit code ${code}`));
      });
    }

    #call<T>(method: string, ...args: unknown[]): Promise<T> {
      if (this.#closed) return Promise.reject(this.#stopped ?? new Error("PGlite is closed"));
      const id = ++this.#nextId;
      return new Promise<T>((resolve, reject) => {
        // The thread keeps the process alive only while a call waits on it: an idle database, like PGlite in
        // this thread, does not stop a script from exiting.
        if (this.#pending.size === 0) this.#worker.ref();
        this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        this.#worker.postMessage({ id, method, args });
      });
    }

    get ready(): boolean {
      return this.#ready && !this.#closing && !this.#closed;
    }

    get closed(): boolean {
      return this.#closed;
    }

    get waitReady(): Promise<void> {
      return this.started;
    }

    async _checkReady(): Promise<void> {
      if (this.#closing) throw new Error("PGlite is closing");
      if (this.#closed) throw this.#stopped ?? new Error("PGlite is closed");
      if (!this.#ready) await this.started;
    }

    _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T> {
      return this.#queryMutex.runExclusive(fn);
    }

    _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> {
      return this.#transactionMutex.runExclusive(fn);
    }

    async execProtocolRaw(message: Uint8Array, { syncToFs = true }: ExecProtocolOptions = {}): Promise<Uint8Array> {
      return this.#call<Uint8Array>("execProtocolRaw", message, { syncToFs });
    }

    async execProtocol(message: Uint8Array, { syncToFs = true, throwOnError = true, onNotice }: ExecProtocolOptions = {}): Promise<ExecProtocolResult> {
      const data = await this.execProtocolRaw(message, { syncToFs });
      return { messages: this.#parse(data, throwOnError, onNotice), data };
    }

    async execProtocolStream(message: Uint8Array, { syncToFs, throwOnError = true, onNotice }: ExecProtocolOptions = {}): Promise<BackendMessage[]> {
      return this.#parse(await this.execProtocolRaw(message, { syncToFs }), throwOnError, onNotice);
    }

    async execProtocolRawStream(message: Uint8Array, { syncToFs = true, onRawData }: { syncToFs?: boolean; onRawData: (data: Uint8Array) => void }): Promise<void> {
      onRawData(await this.execProtocolRaw(message, { syncToFs }));
    }

    /**
     * PostgreSQL's reply, as PGlite reads it: the messages up to and including the first error; with
     * `throwOnError`, that error is thrown (and the parser reset). Notices go to `onNotice`, notifications to
     * the listeners.
     */
    #parse(data: Uint8Array, throwOnError: boolean, onNotice: ExecProtocolOptions["onNotice"]): BackendMessage[] {
      const results: BackendMessage[] = [];
      let databaseError: InstanceType<typeof DatabaseError> | undefined;
      this.#parser.parse(data, (message) => {
        if (databaseError) return;
        if (message instanceof DatabaseError) {
          if (throwOnError) databaseError = message;
        } else if (message instanceof NoticeMessage) {
          onNotice?.(message);
        } else if (message instanceof NotificationResponseMessage) {
          const { channel, payload } = message;
          for (const listener of this.#listeners.get(channel) ?? []) queueMicrotask(() => listener(payload));
          for (const listener of this.#globalListeners) queueMicrotask(() => listener(channel, payload));
        }
        results.push(message);
      });
      if (databaseError) {
        this.#parser = new pglite.protocol.Parser();
        throw databaseError;
      }
      return results;
    }

    async syncToFs(): Promise<void> {
      await this.#call("syncToFs");
    }

    // Files attached to a query (COPY ... FROM/TO '/dev/blob') would have to cross to the thread and back on
    // every query to be found; the service never uses them, so a query that attaches one is refused.
    async _handleBlob(blob?: Blob): Promise<void> {
      if (blob) throw new Error("COPY with a blob is not supported on the embedded database's thread");
    }

    async _getWrittenBlob(): Promise<undefined> {
      return undefined;
    }

    async _cleanupBlob(): Promise<void> {}

    async listen(channel: string, callback: (payload: string) => void, tx?: Transaction): Promise<(tx?: Transaction) => Promise<void>> {
      const name = postgresName(channel);
      const listeners = this.#listeners.get(name) ?? new Set();
      this.#listeners.set(name, listeners);
      listeners.add(callback);
      try {
        await (tx ?? this).exec(`LISTEN ${channel}`);
      } catch (error) {
        listeners.delete(callback);
        if (listeners.size === 0) this.#listeners.delete(name);
        throw error;
      }
      return (unlistenTx?: Transaction) => this.unlisten(name, callback, unlistenTx);
    }

    async unlisten(channel: string, callback?: (payload: string) => void, tx?: Transaction): Promise<void> {
      const listeners = this.#listeners.get(channel);
      if (callback) listeners?.delete(callback);
      else this.#listeners.delete(channel);
      if (!callback || listeners?.size === 0) {
        this.#listeners.delete(channel);
        await (tx ?? this).exec(`UNLISTEN ${channel}`);
      }
    }

    onNotification(callback: (channel: string, payload: string) => void): () => void {
      this.#globalListeners.add(callback);
      return () => this.#globalListeners.delete(callback);
    }

    offNotification(callback: (channel: string, payload: string) => void): void {
      this.#globalListeners.delete(callback);
    }

    /** A tarball of the data directory, as `PGlite.dumpDataDir` makes it (in the database's thread). */
    async dumpDataDir(compression?: "none" | "gzip" | "auto"): Promise<Blob> {
      const { bytes, type } = await this.#call<{ bytes: Uint8Array<ArrayBuffer>; type: string }>("dumpDataDir", compression);
      return new Blob([bytes], { type });
    }

    /** Waits for the queries and transactions in progress, closes the database and ends its thread. */
    async close(): Promise<void> {
      if (this.#closed || this.#closing) return;
      await this.#transactionMutex.runExclusive(() => this.#queryMutex.runExclusive(async () => {
        this.#closing = true;
      }));
      try {
        await this.#call("close");
      } finally {
        this.#closed = true;
        this.#closing = false;
        await this.#worker.terminate();
      }
    }

    async [Symbol.asyncDispose](): Promise<void> {
      await this.close();
    }
  };
}

/** An error the database's thread reported (its name and message; the object itself cannot cross). */
function remoteError({ name, message }: { name: string; message: string }): Error {
  return Object.assign(new Error(message), { name });
}

/** PostgreSQL's name for a channel: folded to lower case unless quoted (as PGlite does for its listeners). */
function postgresName(channel: string): string {
  return channel.startsWith('"') && channel.endsWith('"') ? channel.slice(1, -1) : channel.toLowerCase();
}
