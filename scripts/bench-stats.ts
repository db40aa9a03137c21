// Stats queries on 100,000 stories (PostgreSQL): seeds a throw-away database, times every /stats query and the
// dashboard's story pages, prints median and p95, then drops the database.
//   npx tsx scripts/bench-stats.ts [--url postgres://postgres@127.0.0.1:5432/postgres] [--stories 100000] [--keep]
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { migrateDatabase, openDatabase, type DbHandle } from "@/db/client";
import { statsDimensions } from "@/lib/stats/dimensions";
import { parseQuery, storiesQuerySchema } from "@/lib/stats/params";
import { resolveScope, type StatsScope } from "@/lib/auth/scope";
import { listStories } from "@/lib/stats/stories";
import { storyHistory, ticketOfIdentity } from "@/lib/stats/story-history";
import { statsSummary } from "@/lib/stats/summary";
import { statsTrends } from "@/lib/stats/trends";

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] ? process.argv[index + 1] : fallback;
}

const serverUrl = option("url", process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres");
const storyCount = Number(option("stories", "100000"));
const keep = process.argv.includes("--keep");
const RUNS = 15;

async function seed(handle: DbHandle) {
  const run = (statement: ReturnType<typeof sql>) => handle.db.execute(statement);
  await run(sql`insert into companies (id, name) values ('bench-co', 'Bench'), ('other-co', 'Other')`);
  await run(sql`insert into customers (id, plan_id, company_id) values ('bench', 'enterprise', 'bench-co'), ('bench-2', 'team', 'bench-co'), ('other', 'free', 'other-co')`);
  // Stories with random latest scores, scored over the last 180 days; a few are unscored reservations.
  const stories = (customer: string, count: number) => sql`
    insert into stories (customer_id, story_identity, identity_resolution, counted_month, ticket_key, summary,
      first_scored_at, last_scored_at, run_count, latest_overall_score, latest_scores)
    select ${customer}, 'sha256:' || md5(${customer} || g::text), 'content_hash', to_char(ts, 'YYYY-MM'), 'BENCH-' || g,
      'As a user ' || g || ', I want feature ' || (g % 977) || ' so that I reach goal ' || (g % 313),
      ts, ts, case when g % 500 = 0 then 0 else 1 + (g % 3) end,
      case when g % 500 = 0 then null else round((random() * 10)::numeric, 1)::real end,
      case when g % 500 = 0 then null else jsonb_build_object(
        'independent', floor(random() * 11)::int, 'negotiable', floor(random() * 11)::int, 'valuable', floor(random() * 11)::int,
        'estimable', floor(random() * 11)::int, 'small', floor(random() * 11)::int, 'testable', floor(random() * 11)::int) end
    from (select g, now() - (random() * interval '180 days') as ts from generate_series(1, ${count}) as g) as s`;
  await run(stories("bench", storyCount));
  await run(stories("bench-2", Math.round(storyCount / 10)));
  await run(stories("other", 1000));
  // One run per counted run, spread over the days before the story's last score.
  await run(sql`
    insert into score_runs (id, customer_id, story_id, ticket_id, ticket_ref, engine, overall_score, individual_scores, result, ticket, processing_time_ms, created_at)
    select gen_random_uuid(), s.customer_id, s.id, s.ticket_key, s.ticket_key, 'heuristic', s.latest_overall_score, s.latest_scores, '{}'::jsonb,
      jsonb_build_object('summary', s.summary, 'key', s.ticket_key), 3, s.last_scored_at - (n - 1) * interval '3 days'
    from stories s cross join lateral generate_series(1, s.run_count) as n`);
  // The dashboard's stories: one ticket per scored story (its key), as recording the runs keeps them.
  await run(sql`
    insert into tickets (customer_id, ticket_ref, ticket_key, summary, story_id, story_identity, identity_resolution, first_scored_at,
      last_scored_at, run_count, latest_overall_score, latest_scores)
    select s.customer_id, s.ticket_key, s.ticket_key, s.summary, s.id, s.story_identity, s.identity_resolution,
      s.last_scored_at - (s.run_count - 1) * interval '3 days', s.last_scored_at, s.run_count, s.latest_overall_score, s.latest_scores
    from stories s where s.run_count > 0`);
  await run(sql`analyze`);
}

async function time(label: string, task: () => Promise<unknown>) {
  await task(); // warm the cache and the plan
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await task();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)];
  const p95 = samples[Math.min(samples.length - 1, Math.ceil(samples.length * 0.95) - 1)];
  console.log(`${label.padEnd(58)} median ${median.toFixed(1).padStart(7)} ms   p95 ${p95.toFixed(1).padStart(7)} ms`);
}

async function main() {
  const { default: postgres } = await import("postgres");
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const name = `ssc_bench_${randomBytes(4).toString("hex")}`;
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), max: 4 });
  try {
    await migrateDatabase(handle);
    const seedStarted = performance.now();
    await seed(handle);
    const [counts] = await handle.query<{ stories: number; runs: number }>(
      sql`select (select count(*)::int from tickets) as stories, (select count(*)::int from score_runs) as runs`,
    );
    console.log(`database ${name}: ${counts.stories} stories, ${counts.runs} runs (seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s)\n`);

    const db = handle.db;
    const at = new Date();
    const customer: StatsScope = await resolveScope(db, { kind: "customer", customerId: "bench" });
    const company: StatsScope = await resolveScope(db, { kind: "company", companyId: "bench-co" });
    const page = (query: Record<string, string>, scope = customer) => () => listStories({ db, scope, query: parseQuery(storiesQuerySchema, query) });

    console.log(`customer scope: ${storyCount} stories`);
    await time("summary", () => statsSummary({ db, scope: customer, at }));
    await time("dimensions", () => statsDimensions({ db, scope: customer }));
    await time("trends week (default: last 52 weeks)", () => statsTrends({ db, scope: customer, interval: "week", at }));
    await time("trends day (default: last 90 days)", () => statsTrends({ db, scope: customer, interval: "day", at }));
    await time("trends month (default: last 24 months)", () => statsTrends({ db, scope: customer, interval: "month", at }));
    for (const sort of ["last_scored_at", "overall_score", "summary", "run_count"]) {
      for (const order of ["desc", "asc"]) await time(`stories page 1, sort=${sort} ${order}`, page({ sort, order, page_size: "25" }));
    }
    await time("stories page 400 (offset 9,975), sort=overall_score", page({ sort: "overall_score", page: "400", page_size: "25" }));
    await time("stories page 101 (offset 10,000, max), page_size=100", page({ sort: "last_scored_at", page: "101", page_size: "100" }));
    await time("stories search q=feature 42", page({ q: "feature 42" }));
    await time("stories search q=BENCH-99999 (a key)", page({ q: "BENCH-99999" }));
    await time("story page history (ticket BENCH-4242)", () => storyHistory({ db, scope: customer, ref: "BENCH-4242" }));
    await time("old story URL by billing identity", () => ticketOfIdentity({ db, scope: customer, storyIdentity: "sha256:" + "0".repeat(32) }));
    console.log(`\ncompany scope: ${company.customerIds.length} customers, ${storyCount + Math.round(storyCount / 10)} stories`);
    await time("summary", () => statsSummary({ db, scope: company, at }));
    await time("dimensions", () => statsDimensions({ db, scope: company }));
    await time("trends week", () => statsTrends({ db, scope: company, interval: "week", at }));
    await time("stories page 1, sort=overall_score desc", page({ sort: "overall_score" }, company));
    await time("stories page 1, sort=last_scored_at desc", page({}, company));
    await time("stories page 400, sort=summary asc", page({ sort: "summary", page: "400" }, company));
  } finally {
    await handle.close();
    if (keep) console.log(`\nkept database ${name}`);
    else await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
