// Keyset pagination for lists ordered newest first by (created_at, id): the cursor names the last item of a
// page, so pages stay stable while new items arrive (an offset would shift under them). It carries the
// timestamp as PostgreSQL prints it (microseconds): a JavaScript Date keeps milliseconds only, and rows
// within one millisecond would then be skipped or repeated.
import { sql, type SQL, type AnyColumn } from "drizzle-orm";
import { ApiError } from "./errors";
import { isUuid } from "@/lib/uuid";

export interface Cursor {
  at: string;
  id: string;
}

const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/;

export function encodeCursor(at: string, id: string): string {
  return Buffer.from(JSON.stringify([at, id])).toString("base64url");
}

/** The column as text with full precision, to select beside a page's rows for its cursor. */
export function cursorTime(column: AnyColumn): SQL<string> {
  return sql<string>`${column}::text`;
}

/** Rows after the cursor in newest-first order by (created_at, id). */
export function afterCursor(createdAt: AnyColumn, id: AnyColumn, cursor: Cursor): SQL {
  return sql`(${createdAt}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
}

/** A cursor this API handed out, or a 400 in the gateway shape. */
export function decodeCursor(value: string | null | undefined): Cursor | null {
  if (value === null || value === undefined || value === "") return null;
  try {
    const [at, id] = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as [unknown, unknown];
    if (typeof at === "string" && TIMESTAMP_TEXT.test(at) && isUuid(id)) return { at, id };
  } catch {
    // reported below
  }
  throw new ApiError("validation_error", undefined, ["cursor: is not a cursor from a previous page of this list"]);
}

/** Page size from `?limit=`: 1 to `max`, `fallback` when absent. */
export function pageLimit(value: string | null, fallback = 20, max = 100): number {
  if (value === null || value === "") return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > max) {
    throw new ApiError("validation_error", undefined, [`limit: must be a whole number from 1 to ${max}`]);
  }
  return Number(value);
}
