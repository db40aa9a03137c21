// JSON backlogs as trackers give them, flattened to rows of named columns like a CSV: a Jira REST search result,
// a GitHub issue list, or a plain list of tickets.
import { mapColumns } from "@/lib/backlog/csv/columns";
import { readRichText } from "@/lib/richtext";
import { BacklogError } from "./errors";
import { isCriteriaName, typeFromLabels, type BacklogFormat } from "./formats";

export interface JsonBacklog {
  format: BacklogFormat;
  columns: string[];
  rows: Record<string, string>[];
}

export const JSON_SHAPES =
  'a Jira search result ({"issues": [{"key", "fields": {"summary", "description", ...}}]}), a GitHub issue list ' +
  '(gh issue list --json number,title,body,labels), or a list of tickets ([{"summary", "description"?, ' +
  '"acceptance_criteria"?, "key"?}], or {"tickets": [...]})';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => !!v && typeof v === "object" && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

/** A Jira field value as text: a string (wiki markup), an ADF document, an option ({value}), a name ({name}). */
function jiraValue(v: unknown): string {
  if (typeof v === "string" || typeof v === "number") return String(v);
  if (isObject(v)) {
    if (v.type === "doc") return readRichText(v, { markup: "adf" }).text;
    return str(v.value) || str(v.name) || str(v.displayName);
  }
  if (Array.isArray(v)) return v.map(jiraValue).filter(Boolean).join(", ");
  return "";
}

function isJiraIssue(v: unknown): v is { key?: unknown; fields: Json } {
  return isObject(v) && isObject(v.fields) && (typeof v.fields.summary === "string" || typeof v.key === "string");
}

/**
 * Jira: the search result of REST v2 or v3 (`{"issues": [...]}`, with `names` when expanded) or a bare list of
 * issues. The description may be wiki markup (v2) or ADF (v3); a custom field whose name (from `names`) says
 * acceptance criteria becomes the criteria.
 */
function fromJira(issues: unknown[], names: Json): JsonBacklog {
  const criteriaField = Object.keys(names).find((id) => isCriteriaName(str(names[id])));
  const rows = issues.map((issue, i) => {
    if (!isJiraIssue(issue)) throw new BacklogError(`issue ${i + 1} has no "fields" with a "summary"`);
    const f = issue.fields;
    const criteria = criteriaField ? jiraValue(f[criteriaField]) : "";
    const row: Record<string, string> = { "Issue key": str(issue.key), Summary: str(f.summary), "Issue Type": jiraValue(f.issuetype) };
    if (isObject(f.description)) {
      // An ADF description is read here, while its headings are still headings: its "Acceptance criteria"
      // section becomes the criteria when the issue has none of its own.
      const read = readRichText(f.description, { markup: "adf", splitCriteria: !criteria });
      row.Description = read.text;
      row["Acceptance Criteria"] = criteria || read.criteria || "";
    } else {
      // Wiki markup (REST v2) is read with the other rich text columns.
      row.Description = str(f.description);
      row["Acceptance Criteria"] = criteria;
    }
    return row;
  });
  return { format: "jira-json", columns: ["Issue key", "Summary", "Issue Type", "Description", "Acceptance Criteria"], rows };
}

/** GitHub: `gh issue list --json number,title,body,labels` (and the REST API's issue objects). */
function fromGithub(issues: Json[]): JsonBacklog {
  const rows = issues.map((issue) => {
    const labels = Array.isArray(issue.labels) ? issue.labels.map((l) => (isObject(l) ? str(l.name) : str(l))).filter(Boolean) : [];
    return {
      Number: `#${str(issue.number)}`,
      Title: str(issue.title),
      Body: str(issue.body),
      Labels: labels.join(", "),
      Type: typeFromLabels(labels) ?? "",
    };
  });
  return { format: "github-json", columns: ["Number", "Title", "Body", "Labels", "Type"], rows };
}

const TICKET_FIELDS = ["summary", "description", "acceptance_criteria", "key", "type"] as const;

/**
 * A list of tickets: strings, ticket objects, or `{ticket_data}` wrappers. Each object's keys are matched on
 * their own (one may say "title", the next "summary"), into the ticket fields as columns.
 */
function fromTickets(list: unknown[]): JsonBacklog {
  const rows = list.map((entry, i) => {
    if (typeof entry === "string") return { summary: entry };
    if (!isObject(entry)) throw new BacklogError(`ticket ${i + 1} is not an object or a string`);
    const obj = isObject(entry.ticket_data) ? entry.ticket_data : entry;
    const cells: Record<string, string> = {};
    for (const [k, v] of Object.entries(obj)) if (typeof v === "string" || typeof v === "number") cells[k] = String(v);
    const mapping = mapColumns(Object.keys(cells));
    const row: Record<string, string> = {};
    for (const field of TICKET_FIELDS) if (mapping[field]) row[field] = cells[mapping[field]!];
    return row;
  });
  const columns = TICKET_FIELDS.filter((field) => rows.some((row) => field in row));
  for (const row of rows) for (const column of columns) row[column] ??= "";
  return { format: "json", columns: [...columns], rows };
}

/** Reads a JSON backlog of one of the shapes above; any other shape is refused, naming the shapes read. */
export function readJsonBacklog(text: string): JsonBacklog {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new BacklogError(`The file is not valid JSON: ${(e as Error).message}`);
  }
  if (isObject(data) && Array.isArray(data.issues)) return fromJira(data.issues, isObject(data.names) ? data.names : {});
  const list = Array.isArray(data) ? data : isObject(data) && Array.isArray(data.tickets) ? data.tickets : null;
  if (!list) throw new BacklogError(`The JSON file is not a shape we read: send ${JSON_SHAPES}.`);
  if (list.length > 0 && list.every(isJiraIssue)) return fromJira(list, {});
  if (list.length > 0 && list.every((v) => isObject(v) && "number" in v && typeof v.title === "string")) return fromGithub(list as Json[]);
  return fromTickets(list);
}
