// The public CSV evaluator (POST /evaluate/upload, POST /evaluate/score, GET /evaluate/results/{session_id}):
// anonymous, rate limited per client address, its errors `{detail}`; documented with the schemas its routes parse
// and answer with (lib/csv-flow/schemas.ts).
import { z } from "zod";
import { EXAMPLE_FINDINGS, EXAMPLE_OVERALL_REASONING, EXAMPLE_RECOMMENDATIONS, EXAMPLE_SCORES, SESSION_ID, STORY, TOGETHER, type Operation, type Response } from "./common";
import {
  csvScoreRequestSchema,
  csvScoreResponseSchema,
  resultsResponseSchema,
  uploadResponseSchema,
  type ResultsResponse,
  type ScoreResponse as CsvScoreResponse,
  type UploadResponse,
} from "@/lib/csv-flow/schemas";

const detailErrorSchema = z.object({ detail: z.string() }).describe("The public CSV flow's error shape (FastAPI-style): one sentence for people.");

function detailErrors(examples: Record<number, { description: string; detail: string }>): Record<string, Response> {
  return Object.fromEntries(
    Object.entries(examples).map(([status, { description, detail }]) => [status, { description, schema: detailErrorSchema, example: { detail } }]),
  );
}

const CSV_RATE_LIMITED = (noun: string, limit: number, per: string, wait: string) => ({
  description: `Per-IP limit reached (${limit} per ${per}): \`Retry-After\` in seconds and a \`{detail}\` naming the limit; no \`code\` (throttling, not billing).`,
  detail: `Too many ${noun} from your address: the limit is ${limit} per ${per}. Try again in ${wait}.`,
});

// The CSV flow: a two-row Jira export and what the three endpoints answer for it.
const CSV_MAPPING = { summary: "Summary", description: "Description", acceptance_criteria: "Acceptance criteria", key: "Issue key", type: null };
const CSV_SUMMARY = { average_overall: 4.9, dimension_averages: { independent: 10, negotiable: 10, valuable: 6, estimable: 7, small: 10, testable: 2 } };

const UPLOAD_EXAMPLE: UploadResponse = {
  session_id: SESSION_ID,
  filename: "backlog.csv",
  format: "jira-csv",
  format_label: "Jira CSV export",
  row_count: 2,
  columns: ["Issue key", "Summary", "Description", "Acceptance criteria"],
  mapping: CSV_MAPPING,
  preview: [
    { summary: STORY, key: "SHOP-1" },
    { summary: "Cart export", key: "SHOP-2" },
  ],
  expires_at: "2026-11-24T09:36:44.788Z",
  delimiter: ",",
  encoding: "utf-8",
  sample_rows: [
    { "Issue key": "SHOP-1", Summary: STORY, Description: "", "Acceptance criteria": "" },
    { "Issue key": "SHOP-2", Summary: "Cart export", Description: "", "Acceptance criteria": "" },
  ],
  empty_summary_rows: [],
  empty_cells: { "Issue key": [], Summary: [], Description: [1, 2], "Acceptance criteria": [1, 2] },
  warnings: [],
  by_work_item_type: { story: 2 },
  score_token: "f3Xk2mQ9vLr7TtY1bZ8cWn4pHs6dJg0aKe5uVo3yRiE",
};

const CSV_SCORE_EXAMPLE: CsvScoreResponse = {
  session_id: SESSION_ID,
  status: "completed",
  row_count: 2,
  scored_count: 2,
  skipped_rows: [],
  summary: CSV_SUMMARY,
};

const RESULTS_EXAMPLE: ResultsResponse = {
  session_id: SESSION_ID,
  status: "completed",
  filename: "backlog.csv",
  format: "jira-csv",
  row_count: 2,
  scored_count: 2,
  skipped_rows: [],
  mapping: CSV_MAPPING,
  summary: CSV_SUMMARY,
  preset: "default",
  created_at: "2026-11-23T09:36:44.788Z",
  scored_at: "2026-11-23T09:36:44.843Z",
  expires_at: "2026-11-24T09:36:44.788Z",
  results: [
    {
      row: 1,
      key: "SHOP-1",
      type: null,
      work_item_type: "story",
      work_item_type_source: "text",
      language: "en",
      summary: STORY,
      description: null,
      acceptance_criteria: null,
      overall_score: 6,
      overall_reasoning: EXAMPLE_OVERALL_REASONING,
      individual_scores: EXAMPLE_SCORES,
      findings: EXAMPLE_FINDINGS,
      recommendations: EXAMPLE_RECOMMENDATIONS,
      rewrite: null,
      split: [],
    },
    {
      row: 2,
      key: "SHOP-2",
      type: null,
      work_item_type: "story",
      work_item_type_source: "default",
      language: "en",
      summary: "Cart export",
      description: null,
      acceptance_criteria: null,
      overall_score: 3.8,
      overall_reasoning:
        "38%: Valuable 20% (no reason it matters), Testable 20% (nothing says when it is done) and Estimable 50% (nothing beyond the summary to size from) " +
        "pull it down from a mean of 65%; all the recommendations together reach 100%.",
      individual_scores: { independent: 10, negotiable: 10, valuable: 2, estimable: 5, small: 10, testable: 2 },
      findings: [
        {
          code: "work_item.no_done_condition",
          dimension: "testable",
          severity: "high",
          message: "The ticket does not say when it is done: no criteria, no expected result, no list of what must hold.",
        },
        {
          code: "work_item.no_reason",
          dimension: "valuable",
          severity: "high",
          message: "The ticket does not say why it matters: nobody affected, no problem, no goal. The ticket is a title and nothing else.",
        },
        {
          code: "estimable.no_detail",
          dimension: "estimable",
          severity: "high",
          message: "A few words and no description or acceptance criteria: nothing to size from.",
          field: "summary",
          start: 0,
          end: 11,
        },
      ],
      recommendations: [
        'Say who needs it or what goes wrong without it ("because ...", "so that ...", a Background section). (+13% overall)',
        "Add what must be true when it is done: a short list of checks, or the expected result. (+13% overall)",
        "Describe what is needed and why, and add acceptance criteria. (+6% overall)",
        `All of these together: 38% → 100%. ${TOGETHER}`,
      ],
      rewrite: null,
      split: [],
    },
  ],
};

const RESULTS_CSV_EXAMPLE = [
  "row,key,type,work_item_type,language,summary,overall (%),overall_reasoning,independent (%),negotiable (%),valuable (%),estimable (%),small (%),testable (%),findings,recommendations,rewrite,split,note,work_item_type_source,preset",
  `1,SHOP-1,,story,en,"${STORY}",60,"${EXAMPLE_OVERALL_REASONING}",100,100,100,90,100,20,...,read from the text,default`,
  '2,SHOP-2,,story,en,Cart export,38,"38%: Valuable 20% (no reason it matters), ...",100,100,20,50,100,20,...,"by default: neither its type nor its text says",default',
].join("\n");

/** The public CSV evaluator's endpoints: anonymous, rate limited per client address, errors as `{detail}`. */
export function csvOperations(): Operation[] {
  const common = { tag: "Public CSV evaluator", security: "none" as const };
  const sessionGone = "Session not found: it does not exist or has expired (sessions last 24 hours).";
  return [
    {
      ...common,
      method: "post",
      path: "/evaluate/upload",
      summary: "Upload a backlog file and open a scoring session",
      description:
        "No authentication. Send the file as `multipart/form-data` in the field `file`: a tracker's export (Jira, Azure DevOps, Linear or GitHub), any CSV with a header row, a JSON list of tickets, or a `.txt` file with one story per line. UTF-8 with or without BOM, UTF-16 with a BOM, or Windows-1252 (a file that is not valid UTF-8, as Excel's plain CSV writes it; the answer's `encoding` says which was read); the delimiter is detected. At most 2 MB and 1,000 rows. The answer has the detected format and column mapping and a preview; the `Location` header points at the results. Limit: 10 uploads per hour per client address.",
      multipart: true,
      bodyExample: { file: "backlog.csv" },
      responses: {
        "201": { description: "The session.", schema: uploadResponseSchema, example: UPLOAD_EXAMPLE, headers: { Location: "`/evaluate/results/{session_id}`." } },
        ...detailErrors({
          400: {
            description:
              "Not multipart, no `file` part, an empty file, a header without rows, no summary-like column (the columns found are listed), an unclosed quoted field, an Excel workbook, a binary file, or JSON of a shape that is not read.",
            detail: "No summary column found: name one of the columns Summary, Title, Story or User story (found: Foo, Bar).",
          },
          413: { description: "Over 2 MB (2,097,152 bytes) or over 1,000 data rows.", detail: "The file is too large: the limit is 2 MB (2,097,152 bytes)." },
          429: CSV_RATE_LIMITED("uploads", 10, "hour", "42 minutes"),
        }),
      },
    },
    {
      ...common,
      method: "post",
      path: "/evaluate/score",
      summary: "Score every row of an uploaded session",
      description:
        "No authentication. Scores all rows as one batch with the offline engine (so duplicates and stories off the batch's template are found); rows with an empty summary are listed in `skipped_rows`, never dropped silently. `mapping` overrides fields of the detected mapping; scoring again replaces the results, and needs the upload's `score_token` (in the body, or the cookie the upload set): the results link is for reading. Limit: 5 per hour per client address.",
      body: csvScoreRequestSchema,
      bodyExample: { session_id: SESSION_ID, mapping: { description: "Description" } },
      responses: {
        "200": { description: "Scored; fetch the stories from the results endpoint.", schema: csvScoreResponseSchema, example: CSV_SCORE_EXAMPLE },
        ...detailErrors({
          400: {
            description: "A bad body, or a mapping that names a column the file does not have, gives one column to two fields, or has no summary column.",
            detail: 'mapping.summary: the file has no column "Title" (columns: Issue key, Summary, Description, Acceptance criteria).',
          },
          403: {
            description: "Scoring a scored session again without its `score_token`.",
            detail:
              "Only the uploader can score this session again: send the score_token the upload answered (the uploading browser sends it by itself), or upload the file again.",
          },
          404: { description: "Unknown, malformed or expired session.", detail: `${sessionGone} Upload the file again.` },
          429: CSV_RATE_LIMITED("scoring requests", 5, "hour", "60 minutes"),
        }),
      },
    },
    {
      ...common,
      method: "get",
      path: "/evaluate/results/{session_id}",
      summary: "A session's results, as JSON or as a CSV download",
      description:
        "No authentication: the session id is the capability, so share it only with people who may see the stories. Before scoring the JSON answer has `status` `uploaded`, `summary` null and no `results`. Scores are on the stored 0-10 scale (the CSV export shows whole percentages). Limit: 60 per minute per client address.",
      parameters: [
        { name: "session_id", in: "path", description: "The `session_id` from the upload.", example: SESSION_ID },
        { name: "format", in: "query", description: "`json` (default) or `csv` (UTF-8 with BOM; one line per input row; cells that a spreadsheet would run as a formula get a leading `'`)." },
      ],
      responses: {
        "200": {
          description: "The session and one result per scored row.",
          schema: resultsResponseSchema,
          example: RESULTS_EXAMPLE,
          alternative: { mediaType: "text/csv", description: "With `format=csv` (findings and the later columns shortened here).", example: RESULTS_CSV_EXAMPLE },
        },
        ...detailErrors({
          400: { description: "`format` is neither `json` nor `csv`.", detail: 'format must be "json" or "csv", not "xlsx".' },
          404: { description: "Unknown, malformed or expired session.", detail: sessionGone },
          409: {
            description: "`format=csv` for a session that is not scored yet.",
            detail: "This session has not been scored yet: POST /evaluate/score first, then download the results.",
          },
          429: CSV_RATE_LIMITED("results requests", 60, "minute", "37 seconds"),
        }),
      },
    },
  ];
}
