"use client";

import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from "@tanstack/react-table";
import Link from "next/link";
import { useEffect, useMemo, useState } from "react";
import { DIMENSION_LABELS, DIMENSIONS, formatDate, percent, scoreClass } from "@/lib/format";
import { explainOverall, explainOverallParts } from "@/lib/scoring/overall";
import type { PerDimension } from "@/lib/scoring/types";
import { defaultOrder, MAX_OFFSET, type StorySort } from "@/lib/stats/params";
import type { StoryListItem, StoryPage } from "@/lib/stats/stories";
import { KindLabel } from "@/components/kind-label";
import { LanguageLabel } from "@/components/language-label";
import { hasTicketName, storyHref, TRACKER_NAMES } from "@/lib/stats/story-name";
import { declaredKind, kindNoun, WORK_ITEM_KIND_PLURALS, type WorkItemKind } from "@/lib/work-items/kinds";
import { useStats } from "./stats-client";
import { ScrollRegion } from "./scroll-region";
import { useHydrated } from "@/components/use-hydrated";

type Order = "asc" | "desc";

// Every column sorts on the server, since the table holds one page of the stories.
const SORTABLE: Partial<Record<string, StorySort>> = {
  story: "summary",
  customer: "customer",
  overall: "overall_score",
  ...(Object.fromEntries(DIMENSIONS.map((dimension) => [dimension, dimension])) as Record<string, StorySort>),
  runs: "run_count",
  last: "last_scored_at",
};

/** Each column's name as text: the phone's cards label their values with it (data-label). */
const COLUMN_LABELS: Record<string, string> = {
  story: "Story",
  customer: "Customer",
  overall: "Overall",
  ...DIMENSION_LABELS,
  runs: "Runs",
  last: "Last scored",
};

/** The overall with why it is what it is beneath it (computed from the six scores; the full sentence on hover). */
function OverallCell({ item }: { item: StoryListItem }) {
  const scores = item.individual_scores;
  const complete = scores && DIMENSIONS.every((d) => typeof scores[d] === "number");
  const why = complete ? explainOverallParts(scores as PerDimension<number>) : null;
  return (
    <span className="overall-cell" title={why ? explainOverall(scores as PerDimension<number>) : undefined}>
      <span className={scoreClass(item.overall_score)}>{percent(item.overall_score)}</span>
      {why ? <span className="muted small overall-why">{why.cause}</span> : null}
    </span>
  );
}

const isDimension = (id: string) => DIMENSIONS.includes(id as (typeof DIMENSIONS)[number]);

/** The scope's stories with their latest scores: search, sort and pages come from /stats/stories. */
export function StoriesTable({
  initial,
  customer,
  showCustomer,
  workItemType = null,
}: {
  initial: StoryPage;
  customer: string | null;
  showCustomer: boolean;
  /** The dashboard's kind filter: only items of that kind are listed. */
  workItemType?: WorkItemKind | null;
}) {
  const [query, setQuery] = useState("");
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<StorySort>("last_scored_at");
  const [order, setOrder] = useState<Order>("desc");
  const [pageNumber, setPageNumber] = useState(1);
  const hydrated = useHydrated();

  // Search as the user types, a moment after the last key.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(query.trim());
      setPageNumber(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [query]);

  const {
    data: page,
    loading,
    error,
  } = useStats<StoryPage>("/stats/stories", { q: search, sort, order, page: pageNumber, page_size: initial.page_size, customer, work_item_type: workItemType }, initial, "Could not load the stories.");

  const columns = useMemo<ColumnDef<StoryListItem>[]>(() => {
    const list: ColumnDef<StoryListItem>[] = [
      {
        id: "story",
        header: "Story",
        cell: ({ row }) => {
          const kind = declaredKind(row.original);
          return (
          // Named as a person knows the ticket: its key or ticket id and its summary (the billing hash stays on its page).
          <div className="story-cell">
            {kind ? <KindLabel kind={kind} /> : null}
            <LanguageLabel language={row.original.language} />
            <Link href={storyHref(row.original)}>{row.original.title || row.original.ticket_ref}</Link>
            <span className="muted small story-ref" data-testid="story-ref">
              {row.original.url ? (
                // Imported from a tracker: its key links back to the issue there.
                <a href={row.original.url} target="_blank" rel="noopener noreferrer" title={`Open ${row.original.ticket_ref} in ${TRACKER_NAMES[row.original.source ?? ""] ?? "the tracker"}`}>
                  {row.original.ticket_ref}
                </a>
              ) : hasTicketName(row.original) ? (
                row.original.ticket_ref
              ) : (
                "No key or ticket id"
              )}
            </span>
          </div>
          );
        },
      },
    ];
    if (showCustomer) list.push({ id: "customer", header: "Customer", cell: ({ row }) => row.original.customer_id });
    list.push({
      id: "overall",
      header: "Overall",
      cell: ({ row }) => <OverallCell item={row.original} />,
    });
    for (const dimension of DIMENSIONS) {
      list.push({
        id: dimension,
        header: DIMENSION_LABELS[dimension],
        cell: ({ row }) => {
          const score = row.original.individual_scores?.[dimension];
          return <span className={scoreClass(score)}>{percent(score)}</span>;
        },
      });
    }
    list.push(
      { id: "runs", header: "Runs", cell: ({ row }) => row.original.run_count },
      {
        id: "last",
        header: "Last scored",
        cell: ({ row }) => <time dateTime={row.original.last_scored_at}>{formatDate(row.original.last_scored_at)}</time>,
      },
    );
    return list;
  }, [showCustomer]);

  // The table object is rebuilt on each render by design; the React Compiler skips memoizing this component.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: page.items,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    rowCount: page.total,
  });

  const pages = Math.max(1, Math.ceil(page.total / page.page_size));
  // Paging skips at most MAX_OFFSET stories (it stays fast); search or reverse the order to reach the rest.
  const reachable = Math.min(pages, Math.floor(MAX_OFFSET / page.page_size) + 1);
  const toggleSort = (key: StorySort) => {
    if (sort === key) setOrder(order === "asc" ? "desc" : "asc");
    else {
      setSort(key);
      setOrder(defaultOrder(key));
    }
    setPageNumber(1);
  };

  return (
    <section className="card" aria-labelledby="stories-heading" aria-busy={loading}>
      <div className="chart-header">
        <h2 id="stories-heading">{workItemType ? WORK_ITEM_KIND_PLURALS[workItemType] : "Stories"}</h2>
        {/* Searched as it is typed. The field waits for the script: it is the form's only way to submit (Enter), and
            a native submit would reload the page. */}
        <form role="search" className="story-search" method="post" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor="story-search">Search stories</label>
          <input
            id="story-search"
            type="search"
            value={query}
            placeholder="Summary, key or ticket id"
            maxLength={200}
            disabled={!hydrated}
            onChange={(event) => setQuery(event.target.value)}
          />
        </form>
      </div>
      <p className="muted small" aria-live="polite" data-testid="stories-status">
        {loading
          ? "Loading…"
          : `${page.total.toLocaleString("en-US")} ${workItemType ? kindNoun(workItemType, page.total) : page.total === 1 ? "story" : "stories"}${search ? ` matching “${search}”` : ""} · page ${page.page} of ${pages}`}
      </p>
      {error ? (
        <p className="alert error" role="alert">
          {error}
        </p>
      ) : null}
      <ScrollRegion label="Stories table">
        {/* Explicit roles keep the table a table for screen readers when a phone lays it out as cards. */}
        <table className="stories-table card-table sortable" role="table">
          <caption className="sr-only">Stories with their latest scores. Select a column heading button to sort.</caption>
          <thead role="rowgroup">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} role="row">
                {group.headers.map((header) => {
                  const key = SORTABLE[header.column.id];
                  const active = key !== undefined && key === sort;
                  const content = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      role="columnheader"
                      scope="col"
                      aria-sort={active ? (order === "asc" ? "ascending" : "descending") : undefined}
                      className={[isDimension(header.column.id) ? "dimension-col" : "", key ? "" : "unsortable"].filter(Boolean).join(" ") || undefined}
                    >
                      {key ? (
                        <button type="button" className="sort-button" disabled={!hydrated} onClick={() => toggleSort(key)}>
                          {content}
                          <span aria-hidden="true" className="sort-indicator">
                            {active ? (order === "asc" ? "▲" : "▼") : "↕"}
                          </span>
                        </button>
                      ) : (
                        content
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody role="rowgroup">
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} role="row">
                {row.getVisibleCells().map((cell) => {
                  const id = cell.column.id;
                  return (
                    <td
                      key={cell.id}
                      role="cell"
                      className={id === "story" ? "card-title" : isDimension(id) ? "dimension-col" : undefined}
                      data-label={id === "story" ? undefined : COLUMN_LABELS[id]}
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  );
                })}
              </tr>
            ))}
            {page.items.length === 0 ? (
              <tr role="row">
                <td role="cell" colSpan={columns.length} className="muted card-title">
                  {search ? "No story matches this search." : `No scored ${workItemType ? kindNoun(workItemType, 2) : "stories"} yet.`}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </ScrollRegion>
      <nav className="pager" aria-label="Stories pages">
        <button type="button" className="button secondary" disabled={pageNumber <= 1 || loading || !hydrated} onClick={() => setPageNumber(pageNumber - 1)}>
          Previous
        </button>
        <span className="small">
          Page {page.page} of {pages}
        </span>
        {reachable < pages && pageNumber >= reachable ? <span className="small muted">Search or reverse the order to see older pages.</span> : null}
        <button type="button" className="button secondary" disabled={pageNumber >= reachable || loading || !hydrated} onClick={() => setPageNumber(pageNumber + 1)}>
          Next
        </button>
      </nav>
    </section>
  );
}
