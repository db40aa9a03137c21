// The move from the embedded database (PGlite) to PostgreSQL: every row of every table of the service and of its
// queue, into an empty PostgreSQL database the server then runs on (docs/operations.md, "Moving to PostgreSQL").
//
// The source is an in-memory copy (of a backup file, or a dump of a stopped server's directory), migrated to this
// version, so the source on disk is never changed. The target gets its schema the way a server starting on it
// would (the service's migrations, then pg-boss's own schema, created by pg-boss of the same version); then one
// transaction copies the rows, table by table in the order of their foreign keys, in batches of heap pages (see
// copyTable), and sets the sequences. Ids, timestamps and jsonb arrive unchanged. The row counts
// are compared inside the transaction; any failure rolls it back and leaves the target without a row.
import type { PGlite } from "@electric-sql/pglite";
import type { Sql, TransactionSql } from "postgres";
import { BackupError } from "./backup";
import { migrateDatabase, openDatabase } from "./client";

/** The queue's schema (lib/queue/index.ts PGBOSS_SCHEMA; not imported, to keep the queue module out of the CLI). */
const PGBOSS = "pgboss";
/** pg-boss's tables that hold rows to move; `queue` is recreated through its create_queue, `version` by pg-boss. */
const PGBOSS_DATA_TABLES = ["schedule", "subscription", "job", "archive"];
/** Heap pages per batch: about 2 MB of table (more as JSON), whatever the row size. */
const PAGES_PER_BATCH = 250;

export interface ExportedTable {
  table: string;
  rows: number;
}

export interface ExportReport {
  tables: ExportedTable[];
  sequences: number;
  durationMs: number;
}

interface SourceTable {
  schema: string;
  name: string;
  columns: string[];
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const qualified = (table: { schema: string; name: string }) => `${ident(table.schema)}.${ident(table.name)}`;

/** Base tables of the service (public) and pg-boss's data tables, parents before children. */
async function sourceTables(source: PGlite): Promise<SourceTable[]> {
  const { rows } = await source.query<{ schema: string; name: string; columns: string[] }>(
    `select n.nspname as schema, c.relname as name,
       array(select a.attname::text from pg_attribute a
             where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
             order by a.attnum) as columns
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and not c.relispartition
       and (n.nspname = 'public' or (n.nspname = $1 and c.relname = any($2::text[])))
     order by n.nspname, c.relname`,
    [PGBOSS, PGBOSS_DATA_TABLES],
  );
  const { rows: edges } = await source.query<{ child: string; parent: string }>(
    `select (cn.nspname || '.' || c.relname) as child, (pn.nspname || '.' || p.relname) as parent
     from pg_constraint k
     join pg_class c on c.oid = k.conrelid join pg_namespace cn on cn.oid = c.relnamespace
     join pg_class p on p.oid = k.confrelid join pg_namespace pn on pn.oid = p.relnamespace
     where k.contype = 'f' and k.conrelid <> k.confrelid`,
  );
  // Depth-first topological order: every table after the tables its foreign keys point to.
  const byName = new Map(rows.map((row) => [`${row.schema}.${row.name}`, row]));
  const ordered: SourceTable[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (name: string) => {
    if (state.get(name) === "done" || !byName.has(name)) return;
    if (state.get(name) === "visiting") throw new Error(`foreign keys form a cycle through ${name}`);
    state.set(name, "visiting");
    for (const edge of edges) if (edge.child === name) visit(edge.parent);
    state.set(name, "done");
    ordered.push(byName.get(name) as SourceTable);
  };
  for (const name of byName.keys()) visit(name);
  return ordered;
}

/** Tables of `tables` that hold rows on the target, with a count (up to 1000) of each: the target must be empty. */
async function occupiedTables(target: Sql, tables: SourceTable[]): Promise<string[]> {
  const occupied: string[] = [];
  for (const table of tables) {
    // The migrations write the plans themselves: a freshly migrated database has them and is still empty.
    if (table.schema === "public" && table.name === "plans") continue;
    const [{ found }] = await target<{ found: string | null }[]>`select to_regclass(${qualified(table)})::text as found`;
    if (!found) continue;
    const [{ n }] = await target.unsafe<{ n: number }[]>(`select count(*)::int as n from (select 1 from ${qualified(table)} limit 1000) s`);
    if (n > 0) occupied.push(`${table.schema === "public" ? "" : `${table.schema}.`}${table.name} has ${n === 1000 ? "1000+" : n} row${n === 1 ? "" : "s"}`);
  }
  return occupied;
}

async function sourceHasQueue(source: PGlite): Promise<boolean> {
  return (await source.query<{ found: string | null }>(`select to_regclass('${PGBOSS}.version')::text as found`)).rows[0].found !== null;
}

/** The service's schema and pg-boss's on the target, as a server starting on it would create them. */
async function prepareTarget(targetUrl: string, source: PGlite): Promise<void> {
  const handle = await openDatabase({ databaseUrl: targetUrl, max: 1 });
  try {
    await migrateDatabase(handle);
  } finally {
    await handle.close();
  }
  // A database whose server never started the queue has no pg-boss schema: nothing of it to match or move.
  const hasQueue = await sourceHasQueue(source);
  const version = hasQueue ? (await source.query<{ version: number }>(`select version from ${PGBOSS}.version`)).rows[0].version : undefined;
  const { default: PgBoss } = await import("pg-boss");
  const boss = new PgBoss({ connectionString: targetUrl, schema: PGBOSS, supervise: false, schedule: false, max: 1 });
  boss.on("error", () => {});
  await boss.start();
  await boss.stop({ graceful: false, wait: true });
  const { default: postgres } = await import("postgres");
  const target = postgres(targetUrl, { max: 1, onnotice: () => {} });
  try {
    const [{ version: targetVersion }] = await target<{ version: number }[]>`select version from pgboss.version`;
    if (version !== undefined && targetVersion !== version) {
      throw new BackupError(
        `the embedded database's queue schema is pg-boss schema ${version}, this version's is ${targetVersion}: start the server once on it with this version, then export`,
      );
    }
  } finally {
    await target.end({ timeout: 5 });
  }
}

/**
 * Copy one table from the source into the target, in batches of heap pages (ctid ranges, so each batch is one
 * range scan whatever the table's keys): the source writes a batch as a JSON array of its rows, the target reads
 * it back with json_populate_recordset into the same columns, which gives every value its exact type again
 * (timestamps to the microsecond, jsonb, numbers as written). COPY would do the same in text form, but
 * postgres.js loses an error the server sends after the last COPY row (a failed constraint, say): its stream
 * never finishes and the export would hang instead of rolling back. Answers the rows now in the target table.
 */
async function copyTable(source: PGlite, tx: TransactionSql, table: SourceTable): Promise<number> {
  const columns = table.columns.map(ident).join(", ");
  const [{ last }] = (
    await source.query<{ last: number }>(`select coalesce(max((ctid::text::point)[0]), -1)::int as last from ${qualified(table)}`)
  ).rows;
  for (let first = 0; first <= last; first += PAGES_PER_BATCH) {
    const range = `ctid >= '(${first},0)'::tid and ctid < '(${first + PAGES_PER_BATCH},0)'::tid`;
    const [{ batch }] = (
      await source.query<{ batch: string | null }>(`select json_agg(r)::text as batch from (select ${columns} from ${qualified(table)} where ${range}) r`)
    ).rows;
    if (batch === null) continue;
    await tx.unsafe(`insert into ${qualified(table)} (${columns}) select ${columns} from json_populate_recordset(null::${qualified(table)}, $1::text::json)`, [batch]);
  }
  const [{ n }] = await tx.unsafe<{ n: number }[]>(`select count(*)::int as n from ${qualified(table)}`);
  return n;
}

/**
 * Move every row of `source` (an in-memory PGlite copy, migrated) into the PostgreSQL database at `targetUrl`,
 * which must hold no row of the service's tables. Throws BackupError (one line) for a refusal.
 */
export async function exportToPostgres(source: PGlite, targetUrl: string, onTable?: (table: ExportedTable) => void): Promise<ExportReport> {
  const started = performance.now();
  const tables = await sourceTables(source);
  const { default: postgres } = await import("postgres");
  const target = postgres(targetUrl, { max: 1, onnotice: () => {} });
  try {
    try {
      await target`select 1`;
    } catch (error) {
      throw new BackupError(`cannot connect to the target database: ${(error as Error).message}`);
    }
    const occupied = await occupiedTables(target, tables);
    if (occupied.length > 0) {
      throw new BackupError(`the target database is not empty (${occupied.slice(0, 3).join(", ")}${occupied.length > 3 ? ", ..." : ""}): export only into an empty database`);
    }
    await prepareTarget(targetUrl, source);
    const queues = (await sourceHasQueue(source))
      ? (
          await source.query<Record<string, unknown> & { name: string; dead_letter: string | null }>(
            `select * from ${PGBOSS}.queue order by (dead_letter is not null), name`,
          )
        ).rows
      : [];
    const { rows: sequences } = await source.query<{ schema: string; name: string; last_value: string | null }>(
      `select schemaname as schema, sequencename as name, last_value::text from pg_sequences where schemaname in ('public', $1)`,
      [PGBOSS],
    );
    const exported: ExportedTable[] = [];
    let current = "the queue's queues";
    await target.begin(async (tx) => {
      // Inside the transaction: a server that started on the target meanwhile makes this fail, not mix.
      const occupiedNow = await occupiedTables(tx as unknown as Sql, tables);
      if (occupiedNow.length > 0) throw new BackupError(`the target database is not empty (${occupiedNow[0]}): export only into an empty database`);
      await tx.unsafe(`delete from public.plans`); // the migrations' plans, replaced by the source's own
      for (const queue of queues) {
        const options = {
          policy: queue.policy,
          retryLimit: queue.retry_limit,
          retryDelay: queue.retry_delay,
          retryBackoff: queue.retry_backoff,
          expireInSeconds: queue.expire_seconds,
          retentionMinutes: queue.retention_minutes,
          deadLetter: queue.dead_letter,
        };
        await tx.unsafe(`select ${PGBOSS}.create_queue($1, $2::json)`, [queue.name, JSON.stringify(options)]);
        await tx.unsafe(`update ${PGBOSS}.queue set created_on = $2, updated_on = $3 where name = $1`, [
          queue.name,
          queue.created_on as Date,
          queue.updated_on as Date,
        ]);
      }
      for (const table of tables) {
        current = qualified(table);
        const rows = await copyTable(source, tx, table);
        const [{ n: expected }] = (await source.query<{ n: number }>(`select count(*)::int as n from ${qualified(table)}`)).rows;
        if (rows !== expected) throw new Error(`${table.name}: ${rows} rows copied of ${expected}`);
        const entry = { table: `${table.schema === "public" ? "" : `${table.schema}.`}${table.name}`, rows };
        exported.push(entry);
        onTable?.(entry);
      }
      current = "the sequences";
      for (const sequence of sequences) {
        if (sequence.last_value === null) continue;
        await tx.unsafe(`select setval($1::regclass, $2::bigint, true)`, [`${ident(sequence.schema)}.${ident(sequence.name)}`, sequence.last_value]);
      }
    }).catch((error: unknown) => {
      if (error instanceof BackupError) throw error;
      throw new BackupError(`copying ${current} failed, so the whole copy was rolled back and the target holds none of it: ${(error as Error).message}`);
    });
    return { tables: exported, sequences: sequences.length, durationMs: Math.round(performance.now() - started) };
  } finally {
    await target.end({ timeout: 5 });
  }
}
