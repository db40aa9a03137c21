// Named prepared statements on the embedded database, over PGlite's protocol API.
//
// PGlite runs PostgreSQL in this process, on the main thread. Its `query` sends an unnamed statement, which
// PostgreSQL parses and plans on every call: for the statement that records a score that is about half of its
// cost. Here each hot statement is parsed once per database and then only bound and executed.
import type { PGlite } from "@electric-sql/pglite";

type PgliteModule = typeof import("@electric-sql/pglite");
type Row = Record<string, unknown>;

class PgliteStatements {
  private readonly names = new Map<string, string>();

  constructor(
    private readonly client: PGlite,
    private readonly pglite: PgliteModule,
  ) {}

  /**
   * One message: Parse (the first time), Bind, Describe, Execute and Sync. It holds the same locks as
   * `PGlite.query` (the transaction lock, then the query lock), so it never lands inside another caller's
   * transaction.
   */
  async run(text: string, values: (string | null)[]): Promise<Row[]> {
    const { serialize } = this.pglite.protocol;
    const replies = await this.client._runExclusiveTransaction(() =>
      this.client._runExclusiveQuery(async () => {
        let name = this.names.get(text);
        const parts: Uint8Array[] = [];
        if (!name) {
          name = `ssc_hot_${this.names.size + 1}`;
          parts.push(serialize.parse({ name, text, types: [] }));
        }
        parts.push(serialize.bind({ statement: name, values }), serialize.describe({ type: "P" }), serialize.execute({}), serialize.sync());
        const { messages } = await this.client.execProtocol(concatBytes(parts), { throwOnError: false });
        // The statement exists once parsed, even when this execution of it failed.
        if (messages.some((reply) => reply.name === "parseComplete")) this.names.set(text, name);
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

/** Run one statement as a named prepared statement of this database. */
export async function runPgliteHot<T>(client: PGlite, text: string, params: unknown[]): Promise<T[]> {
  pgliteModule ??= await import("@electric-sql/pglite");
  const holder = client as unknown as { [STATEMENTS]?: PgliteStatements };
  const statements = (holder[STATEMENTS] ??= new PgliteStatements(client, pgliteModule));
  return (await statements.run(text, params.map(protocolValue))) as T[];
}
