import { webLink } from "@/lib/http/web-link";
import { and, desc, eq, gt, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { scoreRuns, stories, tickets } from "@/db/schema";
import { workItemKindSchema, workItemTypeSourceSchema, type WorkItemKind, type WorkItemTypeSource } from "@/lib/scoring/kind";
import { overallReasoningOf } from "@/lib/scoring/overall";
import { DIMENSIONS, type Dimension } from "@/lib/format";
import type { StatsScope } from "@/lib/auth/scope";

/** How many runs the history shows (the most recent ones); a story re-scored more often says so. */
export const HISTORY_RUN_LIMIT = 100;

const findingSchema = z.object({
  code: z.string(),
  dimension: z.string(),
  severity: z.string(),
  message: z.string(),
  field: z.string().optional(),
});
const dimensionDetailSchema = z.object({
  score: z.number(),
  reasoning: z.string().catch(""),
  improvement_suggestions: z.array(z.string()).catch([]),
});
// Stored results are read leniently: a run recorded by an older engine still shows what it has.
const storedResultSchema = z.object({
  // Runs stored before results carried `overall_reasoning` have none: the page explains their scores instead.
  overall_reasoning: z.string().optional().catch(undefined),
  scores: z.record(z.string(), dimensionDetailSchema).catch({}),
  findings: z.array(findingSchema).catch([]),
  recommendations: z.array(z.string()).catch([]),
  rewrite: z.string().nullable().catch(null),
  // Runs stored before results carried `split` have none: one feature as far as the page knows.
  split: z.array(z.string()).catch([]),
  // Runs stored before kinds existed were judged as stories; before rule settings existed, by the default reading;
  // before languages were named, read as English.
  metadata: z
    .object({
      work_item_type: workItemKindSchema.catch("story"),
      // Runs stored before sources were recorded say nothing about where their kind came from.
      work_item_type_source: workItemTypeSourceSchema.optional().catch(undefined),
      rules: z.object({ preset: z.string(), version: z.string() }).optional().catch(undefined),
      language: z.string().catch("en").default("en"),
    })
    .catch({ work_item_type: "story", language: "en" }),
  silenced_findings: z.array(findingSchema.extend({ silenced_by: z.string(), reason: z.string() })).catch([]),
});
const storedTicketSchema = z.object({
  summary: z.string().catch(""),
  key: z.string().optional().catch(undefined),
  description: z.string().optional().catch(undefined),
  acceptance_criteria: z.string().optional().catch(undefined),
  issue_type: z.string().optional().catch(undefined),
});

export interface HistoryRun {
  run_id: string;
  created_at: string;
  ticket_id: string;
  source: string;
  engine: string;
  overall_score: number;
  /** Why the overall is what it is (the stored explanation, or one computed from the scores for older runs). */
  overall_reasoning: string;
  individual_scores: Record<string, number>;
  ticket: z.infer<typeof storedTicketSchema>;
  dimensions: Record<Dimension, { score: number | null; reasoning: string; suggestions: string[] }>;
  findings: z.infer<typeof findingSchema>[];
  recommendations: string[];
  rewrite: string | null;
  /** The story split into one story per action (never `rewrite`); empty when it is one feature or cannot be cut cleanly. */
  split: string[];
  /** The kind this run judged the item as (`ticket.issue_type` is the tracker's name it was sent with, if any). */
  work_item_type: WorkItemKind;
  /** Where that kind came from: the ticket's type, its text, or neither (docs/scoring.md); null for older runs. */
  work_item_type_source: WorkItemTypeSource | null;
  /** The rule settings it ran under (docs/rules.md); null for runs made before settings existed. */
  rules: { preset: string; version: string } | null;
  /** Findings silenced for this run (an `invest-ignore:` line, a dismissal), each with its reason. */
  silenced_findings: (z.infer<typeof findingSchema> & { silenced_by: string; reason: string })[];
  /** The language this run read the item in (ISO 639-1). */
  language: string;
}

export interface StoryHistory {
  story: {
    /** The ticket as a person knows it (its key, else its ticket id, else its billing identity): the page's URL. */
    ticket_ref: string;
    /** Its summary (the latest run's). */
    title: string;
    /** The billing identity of its latest run (external id or `sha256:` content hash): small print only. */
    story_identity: string;
    identity_resolution: "external_id" | "content_hash";
    customer_id: string;
    ticket_key: string | null;
    /** Imported from a tracker: the issue's link there, and which tracker. */
    url: string | null;
    source: string | null;
    summary: string;
    run_count: number;
    first_scored_at: string;
    last_scored_at: string;
    overall_score: number | null;
    /** The kind its latest run judged it as. */
    work_item_type: WorkItemKind;
  };
  /** Oldest first, so the page reads as the story of the edits. At most HISTORY_RUN_LIMIT (the latest). */
  runs: HistoryRun[];
  total_runs: number;
  /** Other customers in scope with a story of the same ticket ref (a key or a content hash can repeat across customers). */
  also_in_customers: string[];
}

/**
 * Every run of one story (a ticket as a person knows it: `ref` is its ticket_ref), if the story is within the
 * scope (else null: the caller answers 404). With several customers in scope, `customerId` picks one; without it
 * the most recently scored match is shown.
 */
export async function storyHistory({
  db,
  scope,
  ref,
  customerId,
}: {
  db: Db;
  scope: StatsScope;
  ref: string;
  customerId?: string | null;
}): Promise<StoryHistory | null> {
  if (scope.customerIds.length === 0) return null;
  const matches = await db
    .select()
    .from(tickets)
    .where(and(inArray(tickets.customerId, scope.customerIds), eq(tickets.ticketRef, ref)))
    .orderBy(desc(tickets.lastScoredAt));
  const story = customerId ? matches.find((match) => match.customerId === customerId) : matches[0];
  if (!story) return null;
  const runs = await db
    .select({
      id: scoreRuns.id,
      createdAt: scoreRuns.createdAt,
      ticketId: scoreRuns.ticketId,
      source: scoreRuns.source,
      engine: scoreRuns.engine,
      overallScore: scoreRuns.overallScore,
      individualScores: scoreRuns.individualScores,
      result: scoreRuns.result,
      ticket: scoreRuns.ticket,
    })
    .from(scoreRuns)
    .where(and(eq(scoreRuns.customerId, story.customerId), eq(scoreRuns.ticketRef, story.ticketRef)))
    .orderBy(desc(scoreRuns.createdAt), desc(scoreRuns.id))
    .limit(HISTORY_RUN_LIMIT);
  const total = Math.max(story.runCount, runs.length);
  return {
    story: {
      ticket_ref: story.ticketRef,
      title: story.summary,
      story_identity: story.storyIdentity,
      identity_resolution: story.identityResolution,
      customer_id: story.customerId,
      ticket_key: story.ticketKey,
      url: webLink(story.url),
      source: story.source,
      summary: story.summary,
      run_count: story.runCount,
      first_scored_at: story.firstScoredAt.toISOString(),
      last_scored_at: story.lastScoredAt.toISOString(),
      overall_score: story.latestOverallScore,
      work_item_type: story.workItemType,
    },
    runs: runs.reverse().map((run) => {
      const result = storedResultSchema.parse(run.result ?? {});
      return {
        run_id: run.id,
        created_at: run.createdAt.toISOString(),
        ticket_id: run.ticketId,
        source: run.source,
        engine: run.engine,
        overall_score: run.overallScore,
        overall_reasoning: overallReasoningOf({ overall_reasoning: result.overall_reasoning, individual_scores: run.individualScores }),
        individual_scores: run.individualScores,
        ticket: storedTicketSchema.parse(run.ticket ?? {}),
        dimensions: Object.fromEntries(
          DIMENSIONS.map((dimension) => {
            const detail = result.scores[dimension];
            return [
              dimension,
              {
                score: detail?.score ?? run.individualScores[dimension] ?? null,
                reasoning: detail?.reasoning ?? "",
                suggestions: detail?.improvement_suggestions ?? [],
              },
            ];
          }),
        ) as HistoryRun["dimensions"],
        findings: result.findings,
        recommendations: result.recommendations,
        rewrite: result.rewrite,
        split: result.split,
        work_item_type: result.metadata.work_item_type,
        work_item_type_source: result.metadata.work_item_type_source ?? null,
        rules: result.metadata.rules ?? null,
        silenced_findings: result.silenced_findings,
        language: result.metadata.language,
      };
    }),
    total_runs: total,
    also_in_customers: matches.filter((match) => match.customerId !== story.customerId).map((match) => match.customerId),
  };
}

/**
 * The dashboard story of a billing identity (the old `/dashboard/stories/{story_identity}` URLs): the ticket of the
 * latest run of the billed story with that identity in scope (`customerId` picks a customer), or null.
 */
export async function ticketOfIdentity({
  db,
  scope,
  storyIdentity,
  customerId,
}: {
  db: Db;
  scope: StatsScope;
  storyIdentity: string;
  customerId?: string | null;
}): Promise<{ ticket_ref: string; customer_id: string } | null> {
  if (scope.customerIds.length === 0) return null;
  const customers = customerId ? scope.customerIds.filter((id) => id === customerId) : scope.customerIds;
  if (customers.length === 0) return null;
  const [run] = await db
    .select({ ticketRef: scoreRuns.ticketRef, customerId: scoreRuns.customerId })
    .from(stories)
    .innerJoin(scoreRuns, eq(scoreRuns.storyId, stories.id))
    .where(and(inArray(stories.customerId, customers), eq(stories.storyIdentity, storyIdentity), gt(stories.runCount, 0)))
    .orderBy(desc(scoreRuns.createdAt), desc(scoreRuns.id))
    .limit(1);
  return run ? { ticket_ref: run.ticketRef, customer_id: run.customerId } : null;
}
