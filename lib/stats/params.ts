import { z } from "zod";
import { ApiError } from "@/lib/http/errors";
import { WORK_ITEM_KINDS } from "@/lib/scoring/kind";

// Query parameters of the /stats endpoints. Unknown parameters are ignored (as most public APIs do);
// known ones are validated and a bad value is a 400 naming the parameter.

export const TREND_INTERVALS = ["day", "week", "month"] as const;
export type TrendInterval = (typeof TREND_INTERVALS)[number];

// The six INVEST dimensions sort by the story's latest score on that dimension; `customer` by customer id, and
// within a customer by summary.
export const STORY_SORTS = [
  "last_scored_at",
  "overall_score",
  "summary",
  "run_count",
  "customer",
  "independent",
  "negotiable",
  "valuable",
  "estimable",
  "small",
  "testable",
] as const;
export type StorySort = (typeof STORY_SORTS)[number];

/** The order a sort starts in when none is asked for: words A to Z, figures and dates highest first. */
export function defaultOrder(sort: StorySort): "asc" | "desc" {
  return sort === "summary" || sort === "customer" ? "asc" : "desc";
}

export const MAX_PAGE_SIZE = 100;
/** Offset pagination stays fast because it is bounded: at most this many rows are ever skipped. */
export const MAX_OFFSET = 10_000;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A date (`2026-01-31`, the whole UTC day) or an ISO 8601 timestamp with a zone. */
const dateParam = (edge: "start" | "end") =>
  z
    .string()
    .trim()
    .refine((value) => DATE_ONLY.test(value) || /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/.test(value), {
      message: "must be a date (YYYY-MM-DD) or an ISO 8601 timestamp with a time zone",
    })
    .transform((value, ctx) => {
      const parsed = DATE_ONLY.test(value)
        ? new Date(`${value}T00:00:00.000Z`).getTime() + (edge === "end" ? 86_400_000 - 1 : 0)
        : Date.parse(value);
      if (Number.isNaN(parsed) || (DATE_ONLY.test(value) && new Date(`${value}T00:00:00.000Z`).toISOString().slice(0, 10) !== value)) {
        ctx.addIssue({ code: "custom", message: "is not a valid date" });
        return z.NEVER;
      }
      return new Date(parsed);
    });

const customerParam = z.string().trim().min(1, "must not be empty").max(64, "must be at most 64 characters").optional();

/** `?work_item_type=bug`: only the stories whose latest run judged them as that kind. */
const workItemTypeParam = z.enum(WORK_ITEM_KINDS, { message: `must be one of ${WORK_ITEM_KINDS.join(", ")}` }).optional();

/**
 * `?language=de`: only the stories whose latest run read them in that language (`metadata.language`, ISO 639-1;
 * runs recorded before languages were named count as English).
 */
const languageParam = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{2}$/, 'must be an ISO 639-1 language code ("de")')
  .optional();

export const trendsQuerySchema = z
  .object({
    interval: z.enum(TREND_INTERVALS, { message: "must be one of day, week, month" }).default("week"),
    from: dateParam("start").optional(),
    to: dateParam("end").optional(),
    customer: customerParam,
    work_item_type: workItemTypeParam,
    language: languageParam,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: 'must not be after "to"', path: ["from"] });
export type TrendsQuery = z.infer<typeof trendsQuerySchema>;

const intParam = (name: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `must be a whole number`)
    .transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))
    .optional()
    .transform((value) => value ?? fallback)
    .describe(name);

export const storiesQuerySchema = z
  .object({
    q: z.string().trim().max(200, "must be at most 200 characters").optional(),
    sort: z.enum(STORY_SORTS, { message: `must be one of ${STORY_SORTS.join(", ")}` }).default("last_scored_at"),
    order: z.enum(["asc", "desc"], { message: "must be asc or desc" }).optional(),
    page: intParam("page", 1, MAX_OFFSET + 1, 1),
    page_size: intParam("page_size", 1, MAX_PAGE_SIZE, 25),
    customer: customerParam,
    work_item_type: workItemTypeParam,
    language: languageParam,
  })
  .transform((query) => ({ ...query, q: query.q || undefined, order: query.order ?? defaultOrder(query.sort) }))
  .refine((query) => (query.page - 1) * query.page_size <= MAX_OFFSET, {
    message: `skips more than ${MAX_OFFSET} stories; narrow the search (q) or reverse the order`,
    path: ["page"],
  });
export type StoriesQuery = z.infer<typeof storiesQuerySchema>;

export const scopeQuerySchema = z.object({ customer: customerParam, work_item_type: workItemTypeParam, language: languageParam });

/** Parse URL search parameters with a schema; a failure is a 400 whose details name each bad parameter. */
export function parseQuery<S extends z.ZodType>(schema: S, params: URLSearchParams | Record<string, string | string[] | undefined>): z.infer<S> {
  const entries: Record<string, string> = {};
  const source = params instanceof URLSearchParams ? [...params.entries()] : Object.entries(params);
  for (const [name, value] of source) {
    if (value === undefined) continue;
    // A repeated parameter keeps its first value, the way most frameworks read a single-valued parameter.
    if (!(name in entries)) entries[name] = Array.isArray(value) ? (value[0] ?? "") : value;
  }
  // PostgreSQL cannot compare or store U+0000: refuse it here rather than fail in a query.
  const withNul = Object.keys(entries).filter((name) => entries[name].includes("\u0000"));
  if (withNul.length > 0) {
    throw new ApiError("validation_error", "Invalid query parameters.", withNul.map((name) => `${name}: must not contain U+0000`));
  }
  const parsed = schema.safeParse(entries);
  if (!parsed.success) {
    throw new ApiError(
      "validation_error",
      "Invalid query parameters.",
      parsed.error.issues.map((issue) => `${issue.path.map(String).join(".") || "query"}: ${issue.message}`),
    );
  }
  return parsed.data;
}
