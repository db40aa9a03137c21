import type { ReactNode } from "react";
import { MessageRow } from "./message-row";

/** The header of an actions column: named for screen readers, blank on screen. */
export const ACTIONS_COLUMN = <span className="sr-only">Actions</span>;

/**
 * The rows of a list table: "Loading…" until the list arrives (`failed` instead when it could not be loaded),
 * `empty` when it has no items, else `row` for each item.
 */
export function ListRows<T>({
  items,
  colSpan,
  failed,
  empty,
  row,
}: {
  items: T[] | null;
  colSpan: number;
  /** Set when the list could not be loaded: what to say in its place. */
  failed: string | null;
  empty: string;
  row: (item: T) => ReactNode;
}) {
  if (items === null) return <MessageRow colSpan={colSpan}>{failed ?? "Loading…"}</MessageRow>;
  if (items.length === 0) return <MessageRow colSpan={colSpan}>{empty}</MessageRow>;
  return <>{items.map((item) => row(item))}</>;
}
