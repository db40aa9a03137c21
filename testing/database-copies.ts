// Helpers of the backup, restore and export tests: run a database CLI as a separate process (its bundle, testing/cli-bundles.ts), and take a
// comparable picture of a database (every table's row count, and a sample of rows as text).
import { spawn } from "node:child_process";
import type { PGlite } from "@electric-sql/pglite";
import type { Sql } from "postgres";
import { nodeArgs } from "./cli-bundles";

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function childEnv(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const merged: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: undefined, PUBLIC_BASE_URL: undefined, PORT: undefined, ADMIN_TOKEN: undefined, LOG_LEVEL: "warn", ...env };
  for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name];
  return merged;
}

export function runCli(script: string, args: string[], env: Record<string, string | undefined>): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...nodeArgs(`scripts/${script}.ts`), ...args], { env: childEnv(env) });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Every table's row count (service and queue), and a sample of rows, of a data directory or a dump. */
export async function snapshot(client: PGlite | Sql): Promise<{ counts: Record<string, number>; sample: unknown }> {
  const query = async <T,>(text: string): Promise<T[]> =>
    "unsafe" in client ? ((await client.unsafe(text)) as unknown as T[]) : (await client.query<T>(text)).rows;
  const tables = await query<{ name: string }>(
    `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and not c.relispartition and n.nspname in ('public', 'pgboss') order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) counts[name] = (await query<{ n: number }>(`select count(*)::int as n from ${name}`))[0].n;
  const sample = {
    stories: await query(`select id, customer_id, story_identity, summary, first_scored_at::text, last_scored_at::text, run_count from stories order by id limit 50`),
    runs: await query(`select id, story_id, created_at::text, overall_score, individual_scores::text, result::text from score_runs order by id limit 50`),
    keys: await query(`select id, customer_id, key_hash, prefix, created_at::text from api_keys order by id`),
    settings: await query(`select key, value from app_settings where key not like 'probe:%' order by key`),
    jobs: await query(`select id, state, data::text, start_after::text from pgboss.job order by id`),
    asyncJobs: await query(`select id, status, ticket::text, created_at::text from async_jobs order by id`),
    installations: await query(`select id, customer_id, callback_url, webhook_secret_encrypted from installations order by id`),
  };
  return { counts, sample };
}

