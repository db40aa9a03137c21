// Named prepared statements on the embedded database, over PGlite's protocol API.
//
// PGlite runs PostgreSQL in this process, on the main thread. Its `query` sends an unnamed statement, which
// PostgreSQL parses and plans on every call: for the statement that records a score that is about half of its
// cost. Here each hot statement is parsed once per database and then only bound and executed. A prepared
// statement keeps the plan PostgreSQL settled on until the tables are analyzed again (db/maintenance.ts),
// so a statement whose best plan depends on the tables' size can ask to be prepared again as they grow (see
// `run`).
import type { PGlite } from "@electric-sql/pglite";

type PgliteModule = typeof import("@electric-sql/pglite");
type Row = Record<string, unknown>;

/**
 * A size-sensitive statement is prepared again once it has run this many times, and then each time its count of
 * runs doubles (besides its `maxPlanAgeMs`).
 */
const FIRST_REPLAN_AT_RUN = 16;

interface Prepared {
  name: string;
  preparedAt: number;
  /** Times it has run since it was first prepared. */
  runs: number;
  /** The count of runs at which it is prepared again. */
  replanAt: number;
}

class PgliteStatements {
  private readonly statements = new Map<string, Prepared>();
  private count = 0;

  constructor(
    private readonly client: PGlite,
    private readonly pglite: PgliteModule,
  ) {}

  /**
   * One message: Parse (the first time, or again when its plan is due, below), Bind, Describe, Execute and Sync.
   * It holds the same locks as `PGlite.query` (the transaction lock, then the query lock), so it never lands
   * inside another caller's transaction.
   *
   * A statement with a finite `maxPlanAgeMs` is prepared again once its plan is older than that, and also when
   * its number of runs has doubled since its plan was made (at 16, 32, 64... runs). A statement that writes
   * rows grows its tables as it runs, fastest while they are small: a plan made on a nearly empty table (where
   * every index looks alike) can look rows up through the wrong index, and cost grows with the table until the
   * next plan. Measured on the grouped score statement of a fresh database (groups of 8, scoring included): from
   * 6 ms to 17 ms per group within 6,000 stories with the plan made at start (it looked each story up through
   * the (customer, summary) index, since dropped by migration 0016), and 3.0-3.3 ms throughout when prepared
   * again as its runs doubled. PostgreSQL plans with the tables' current size (their pages on disk) even before
   * they are analyzed. The cost is one Parse per doubling: about 20 in a million runs.
   */
  async run(text: string, values: (string | null)[], maxPlanAgeMs: number): Promise<Row[]> {
    const { serialize } = this.pglite.protocol;
    const replies = await this.client._runExclusiveTransaction(() =>
      this.client._runExclusiveQuery(async () => {
        const known = this.statements.get(text);
        const now = Date.now();
        const sizeSensitive = Number.isFinite(maxPlanAgeMs);
        const runs = (known?.runs ?? 0) + 1;
        const parts: Uint8Array[] = [];
        let name: string;
        let parsing = true;
        if (!known) {
          name = `ssc_hot_${++this.count}`;
          parts.push(serialize.parse({ name, text, types: [] }));
        } else if (now - known.preparedAt > maxPlanAgeMs || (sizeSensitive && runs >= known.replanAt)) {
          // Prepared again, so PostgreSQL plans it for the tables as they are now.
          name = known.name;
          parts.push(serialize.close({ type: "S", name }), serialize.parse({ name, text, types: [] }));
        } else {
          name = known.name;
          parsing = false;
        }
        parts.push(bindMessage(name, values), serialize.describe({ type: "P" }), serialize.execute({}), serialize.sync());
        const { messages } = await this.client.execProtocol(concatBytes(parts), { throwOnError: false });
        // The statement exists once parsed, even when this execution of it failed; a failed Parse (after a Close,
        // when preparing again) leaves none, so the next call starts afresh.
        if (messages.some((reply) => reply.name === "parseComplete")) {
          this.statements.set(text, { name, preparedAt: now, runs, replanAt: Math.max(FIRST_REPLAN_AT_RUN, 2 * runs) });
        } else if (parsing) this.statements.delete(text);
        else if (known) known.runs = runs;
        return messages;
      }),
    );
    let fields: { name: string; dataTypeID: number }[] = [];
    const rows: Row[] = [];
    for (const reply of replies) {
      if (reply.name === "error") throw reply;
      if (reply.name === "rowDescription") fields = (reply as unknown as { fields: { name: string; dataTypeID: number }[] }).fields;
      if (reply.name === "dataRow") {
        const cells = (reply as unknown as { fields: (string | null)[] }).fields;
        const row: Row = {};
        fields.forEach((field, i) => {
          row[field.name] = this.pglite.types.parseType(cells[i], field.dataTypeID);
        });
        rows.push(row);
      }
    }
    return rows;
  }
}

/**
 * A Bind message for the unnamed portal (every parameter and result in text), encoded with Node's native UTF-8
 * encoder. PGlite's protocol serializer measures each value's UTF-8 length in a JavaScript loop over its
 * characters: on the grouped score statement, whose JSON parameter holds up to 64 results, that loop alone was
 * about 3% of the server's main-thread time per score request.
 */
function bindMessage(statement: string, values: (string | null)[]): Uint8Array {
  const sizes = values.map((value) => (value === null ? -1 : Buffer.byteLength(value)));
  // Length (4), portal "" (1), statement and its terminator, format codes (2), values' count (2), values, result codes (2).
  const length = 4 + 1 + Buffer.byteLength(statement) + 1 + 2 + 2 + sizes.reduce((sum, size) => sum + 4 + Math.max(size, 0), 0) + 2;
  const out = Buffer.allocUnsafe(1 + length);
  let offset = out.write("B", 0, "latin1");
  offset = out.writeInt32BE(length, offset);
  offset = out.writeUInt8(0, offset);
  offset += out.write(statement, offset);
  offset = out.writeUInt8(0, offset);
  offset = out.writeInt16BE(0, offset);
  offset = out.writeInt16BE(values.length, offset);
  values.forEach((value, i) => {
    offset = out.writeInt32BE(sizes[i], offset);
    if (value !== null) offset += out.write(value, offset);
  });
  out.writeInt16BE(0, offset);
  return out;
}

function concatBytes(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function protocolValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

// Kept on the database object under a global symbol: the server bundles this module more than once, and every
// copy must share one view of what the database has prepared.
const STATEMENTS = Symbol.for("ssc.pgliteStatements");
let pgliteModule: PgliteModule | undefined;

/** Whether `client` is a PGlite database itself (a transaction's client cannot take the database's locks). */
export function isPgliteDatabase(client: unknown): client is PGlite {
  return (
    typeof (client as { execProtocol?: unknown } | undefined)?.execProtocol === "function" &&
    typeof (client as { _runExclusiveTransaction?: unknown })._runExclusiveTransaction === "function"
  );
}

/**
 * Run one statement as a named prepared statement of this database. With `maxPlanAgeMs` it is prepared again
 * once older than that or when its runs have doubled, so its plan follows the tables' size (for statements whose
 * best plan depends on it; see `PgliteStatements.run`).
 */
export async function runPgliteHot<T>(client: PGlite, text: string, params: unknown[], maxPlanAgeMs = Infinity): Promise<T[]> {
  pgliteModule ??= await import("@electric-sql/pglite");
  const holder = client as unknown as { [STATEMENTS]?: PgliteStatements };
  const statements = (holder[STATEMENTS] ??= new PgliteStatements(client, pgliteModule));
  return (await statements.run(text, params.map(protocolValue), maxPlanAgeMs)) as T[];
}
