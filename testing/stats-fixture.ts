// Known stats data for tests: two companies, three customers, stories with chosen scores and run dates.
import { randomUUID } from "node:crypto";
import type { Db } from "@/db/client";
import { sql } from "drizzle-orm";
import { quotaUsage, scoreRuns, stories, tickets } from "@/db/schema";
import { createDashboardUser, provisionCustomer } from "@/lib/admin/provisioning";
import { DIMENSIONS } from "@/lib/format";

export const FIXTURE_NOW = new Date("2026-03-18T12:00:00.000Z");

const uniform = (score: number) => Object.fromEntries(DIMENSIONS.map((dimension) => [dimension, score]));

/** The split of the second run of every fixture story (its rewrite is the first part). */
export const SPLIT = ["As a shopper, I want to save my cart so that I can buy later.", "As a shopper, I want to share my cart so that a friend can buy it."];

interface RunSpec {
  at: string;
  overall: number;
  scores: Record<string, number>;
}

async function addStory(db: Db, customerId: string, identity: string, summary: string, runs: RunSpec[], countedMonth = "2026-03") {
  const last = runs.at(-1);
  const [story] = await db
    .insert(stories)
    .values({
      customerId,
      storyIdentity: identity,
      identityResolution: identity.startsWith("sha256:") ? "content_hash" : "external_id",
      countedMonth,
      ticketKey: identity.startsWith("sha256:") ? null : identity,
      summary,
      firstScoredAt: new Date(runs[0]?.at ?? FIXTURE_NOW),
      lastScoredAt: new Date(last?.at ?? FIXTURE_NOW),
      runCount: runs.length,
      latestOverallScore: last?.overall ?? null,
      latestScores: last?.scores ?? null,
    })
    .returning({ id: stories.id });
  // Counted in the quota ledger, as admission does (a reservation counts too).
  await db
    .insert(quotaUsage)
    .values({ customerId, month: countedMonth, used: 1 })
    .onConflictDoUpdate({ target: [quotaUsage.customerId, quotaUsage.month], set: { used: sql`${quotaUsage.used} + 1` } });
  for (const [index, run] of runs.entries()) {
    await db.insert(scoreRuns).values({
      id: randomUUID(),
      customerId,
      storyId: story.id,
      ticketId: `${identity}-run-${index + 1}`,
      ticketRef: identity,
      engine: "heuristic",
      overallScore: run.overall,
      individualScores: run.scores,
      result: {
        scores: Object.fromEntries(
          DIMENSIONS.map((dimension) => [
            dimension,
            { score: run.scores[dimension], reasoning: `${dimension} reasoning of run ${index + 1}`, improvement_suggestions: [], reference_context: [] },
          ]),
        ),
        findings: index === 0 ? [{ code: "testable.no_criteria", dimension: "testable", severity: "high", message: "No acceptance criteria." }] : [],
        recommendations: [`Recommendation of run ${index + 1}`],
        rewrite: index === 0 ? "As a shopper, I want a rewritten story so that it scores better." : index === 1 ? SPLIT[0] : null,
        // Run 1 is one feature, run 2 is split in two, and run 3 and later were stored before results had `split`.
        ...(index === 0 ? { split: [] } : index === 1 ? { split: SPLIT } : {}),
      },
      ticket: { summary: `${summary} (edit ${index + 1})` },
      processingTimeMs: 3,
      createdAt: new Date(run.at),
    });
  }
  // Its dashboard story (the ticket known by `identity`), as recording the runs keeps it.
  if (last) {
    await db.insert(tickets).values({
      customerId,
      ticketRef: identity,
      ticketKey: identity.startsWith("sha256:") ? null : identity,
      summary,
      storyId: story.id,
      storyIdentity: identity,
      identityResolution: identity.startsWith("sha256:") ? "content_hash" : "external_id",
      firstScoredAt: new Date(runs[0].at),
      lastScoredAt: new Date(last.at),
      runCount: runs.length,
      latestOverallScore: last.overall,
      latestScores: last.scores,
    });
  }
}

/**
 * company `acme-co`: customers `acme` (team) and `acme-labs` (free); company `globex-co`: customer `globex`.
 * acme: ACME-1 scored 4 (Mar 2), 6 (Mar 9), 8 (Mar 10); sha256:a2 scored once, 6 with small 2 / testable 10
 * (Mar 3); ACME-3 a reservation not scored yet. acme-labs: LABS-1 scored 5 (Mar 11). globex: GLOBEX-1 10 (Mar 11).
 */
export async function seedStatsFixture(db: Db) {
  const acme = await provisionCustomer(db, { customer_id: "acme", plan: "team", company_id: "acme-co" });
  const labs = await provisionCustomer(db, { customer_id: "acme-labs", plan: "free", company_id: "acme-co" });
  const globex = await provisionCustomer(db, { customer_id: "globex", plan: "starter", company_id: "globex-co" });
  const password = "correct horse battery";
  const acmeUser = await createDashboardUser(db, { email: "ann@acme.example", password, customer_id: "acme" });
  const leadUser = await createDashboardUser(db, { email: "lead@acme.example", password, company_id: "acme-co" });
  const globexUser = await createDashboardUser(db, { email: "gus@globex.example", password, customer_id: "globex" });

  await addStory(db, "acme", "ACME-1", "As a shopper, I want to save my cart so that I can buy later", [
    { at: "2026-03-02T09:00:00Z", overall: 4, scores: uniform(4) },
    { at: "2026-03-09T09:00:00Z", overall: 6, scores: uniform(6) },
    { at: "2026-03-10T09:00:00Z", overall: 8, scores: uniform(8) },
  ]);
  await addStory(db, "acme", "sha256:a2", "Build the whole checkout", [
    { at: "2026-03-03T09:00:00Z", overall: 6, scores: { ...uniform(6), small: 2, testable: 10 } },
  ]);
  await addStory(db, "acme", "ACME-3", "Reserved by an async job, not scored yet", []);
  await addStory(db, "acme-labs", "LABS-1", "Labs story about 100%_discounts", [{ at: "2026-03-11T09:00:00Z", overall: 5, scores: uniform(5) }]);
  await addStory(db, "globex", "GLOBEX-1", "Globex secret story", [{ at: "2026-03-11T09:00:00Z", overall: 10, scores: uniform(10) }]);
  // The same content hash at another customer of the company: history must tell them apart.
  await addStory(db, "acme-labs", "sha256:a2", "Build the whole checkout", [{ at: "2026-03-12T09:00:00Z", overall: 3, scores: uniform(3) }], "2026-02");

  return {
    keys: { acme: acme.body.api_key, labs: labs.body.api_key, globex: globex.body.api_key },
    users: { acme: acmeUser.user_id, lead: leadUser.user_id, globex: globexUser.user_id },
    password,
  };
}
