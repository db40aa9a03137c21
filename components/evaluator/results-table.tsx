"use client";

import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  getExpandedRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type FilterFn,
  type SortingState,
} from "@tanstack/react-table";
import { Fragment, useMemo, useState } from "react";
import { DIMENSIONS, percent, type Dimension, type StoryResult } from "@/lib/csv-flow/types";
import { HighlightedText } from "./highlighted-text";
import { band, DIMENSION_LABELS, SCORE_BANDS, type ScoreBand } from "./labels";
import { SplitStories } from "../split-stories";
import { overallReasoningOf, recommendationInPercent } from "@/lib/scoring/overall";
import { KindLabel } from "../kind-label";
import { LanguageLabel } from "../language-label";
import { useHydrated } from "@/components/use-hydrated";
import { countKinds, declaredKindSource, itemKind, itemsNoun, kindNoun, WORK_ITEM_KIND_PLURALS, WORK_ITEM_TYPE_SOURCE_WORDS, type WorkItemKind } from "@/lib/work-items/kinds";

type Band = "all" | ScoreBand;

const column = createColumnHelper<StoryResult>();

const matchesText: FilterFn<StoryResult> = (row, _columnId, query: string) => {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  const r = row.original;
  return [r.key, r.summary, r.description, r.acceptance_criteria, ...r.findings.map((f) => f.message)]
    .some((text) => text?.toLowerCase().includes(needle));
};

function ScoreCell({ score, why }: { score: number; why?: string }) {
  const value = percent(score);
  return (
    <span className={`score-pill ${band(value)}`} title={why} aria-description={why}>
      {value}%
    </span>
  );
}

/** One row per story: sortable, filterable, paged, each expandable to its findings, advice and rewrite (or split). */
export function ResultsTable({ results }: { results: StoryResult[] }) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const [query, setQuery] = useState("");
  const [scoreBand, setScoreBand] = useState<Band>("all");
  const [dimension, setDimension] = useState<Dimension | "any">("any");
  const [kind, setKind] = useState<WorkItemKind | "all">("all");
  // The filters, sorting, pages and rows act only through script: they wait for it (a change before would be lost).
  const hydrated = useHydrated();
  const kinds = useMemo(() => countKinds(results.map(itemKind)), [results]);
  // A row shows its kind only when kinds (or the file's type names) tell rows apart: a label every row shares is
  // a shared fact, said once in the count line ("1-25 of 40 bugs") and not on each row.
  const showKinds = useMemo(() => new Set(results.map((r) => `${itemKind(r)}|${r.type ?? ""}`)).size > 1, [results]);
  // Dimensions every story scores the same on are said once above the table (the summary's sentences and the
  // note under the filters), not as a column of identical pills in each row.
  const sharedScores = useMemo(
    () =>
      results.length > 1
        ? DIMENSIONS.flatMap((d) => {
            const values = new Set(results.map((r) => percent(r.individual_scores[d])));
            return values.size === 1 ? [{ dimension: d, score: [...values][0] }] : [];
          })
        : [],
    [results],
  );

  const rows = useMemo(
    () =>
      results.filter((r) => {
        const overall = percent(r.overall_score);
        if (scoreBand !== "all" && band(overall) !== scoreBand) return false;
        if (kind !== "all" && itemKind(r) !== kind) return false;
        return dimension === "any" || r.findings.some((f) => f.dimension === dimension);
      }),
    [results, scoreBand, dimension, kind],
  );

  const itemHeader = useMemo(() => {
    const noun = itemsNoun(results.map((r) => itemKind(r)), 1);
    return noun.charAt(0).toUpperCase() + noun.slice(1);
  }, [results]);

  const columns = useMemo(
    () => [
      column.accessor("row", { header: "Row", cell: (info) => info.getValue() }),
      column.accessor("summary", {
        // The column is named for what the file holds: "Story" for stories, "Bug" for a file of bugs, "Work item" when mixed.
        header: itemHeader,
        enableSorting: false,
        cell: (info) => {
          const row = info.row;
          return (
            <button
              type="button"
              className="expand-button"
              aria-expanded={row.getIsExpanded()}
              aria-controls={`details-${row.original.row}`}
              disabled={!hydrated}
              onClick={row.getToggleExpandedHandler()}
            >
              <span aria-hidden="true" className="chevron">
                {row.getIsExpanded() ? "▾" : "▸"}
              </span>
              <span>
                {(row.original.key || showKinds || (row.original.language ?? "en") !== "en") && (
                  <span className="story-meta">
                    {row.original.key && <span className="story-key">{row.original.key}</span>}
                    {showKinds && <KindLabel kind={itemKind(row.original)} typeName={row.original.type} />}
                    <LanguageLabel language={row.original.language} />
                  </span>
                )}
                <span className="story-summary">
                  {/* Expanded, the row's own cell marks the words its findings point at: the details do not repeat it. */}
                  {row.getIsExpanded() ? (
                    <HighlightedText text={info.getValue()} findings={row.original.findings.filter((f) => f.field === "summary")} />
                  ) : (
                    info.getValue()
                  )}
                </span>
              </span>
              <span className="visually-hidden">{row.getIsExpanded() ? ", hide details" : ", show details"}</span>
            </button>
          );
        },
      }),
      column.accessor("overall_score", {
        header: "Overall",
        cell: (info) => <ScoreCell score={info.getValue()} why={overallReasoningOf(info.row.original)} />,
      }),
      ...DIMENSIONS.filter((d) => !sharedScores.some((s) => s.dimension === d)).map((d) =>
        column.accessor((r) => r.individual_scores[d], { id: d, header: DIMENSION_LABELS[d], cell: (info) => <ScoreCell score={info.getValue()} /> }),
      ),
    ],
    [showKinds, sharedScores, hydrated, itemHeader],
  );

  // The React Compiler is not enabled here; TanStack Table's non-memoisable API is the documented usage.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows,
    columns,
    state: { sorting, globalFilter: query },
    onSortingChange: setSorting,
    onGlobalFilterChange: setQuery,
    globalFilterFn: matchesText,
    // Lowest scores first on the first click: the stories that need work.
    sortDescFirst: false,
    getRowCanExpand: () => true,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getExpandedRowModel: getExpandedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    autoResetPageIndex: true,
    initialState: { pagination: { pageSize: 25 } },
  });

  const shown = table.getFilteredRowModel().rows.length;
  const { pageIndex, pageSize } = table.getState().pagination;
  const first = pageIndex * pageSize + 1;
  const last = Math.min(shown, first + pageSize - 1);
  // The noun says what is listed: the kind filtered by, the one kind of the file, or "work items" when mixed.
  const onlyKind = kind !== "all" ? kind : kinds.length === 1 ? kinds[0].kind : null;
  const noun = onlyKind ? kindNoun(onlyKind, shown) : kindNoun(null, shown);
  const count = (n: number) => n.toLocaleString("en-US");

  return (
    <div className="results-table">
      <div className="filters" role="search" aria-label="Filter stories">
        <div className="field grow">
          <label htmlFor="filter-text">Search</label>
          <input id="filter-text" type="search" placeholder="Key, words, finding…" value={query} disabled={!hydrated} onChange={(e) => setQuery(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="filter-band">Overall score</label>
          <select id="filter-band" value={scoreBand} disabled={!hydrated} onChange={(e) => setScoreBand(e.target.value as Band)}>
            <option value="all">All scores</option>
            {SCORE_BANDS.map(({ key, label }) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
        </div>
        {kinds.length > 1 && (
          <div className="field">
            <label htmlFor="filter-kind">Kind</label>
            <select id="filter-kind" value={kind} disabled={!hydrated} onChange={(e) => setKind(e.target.value as WorkItemKind | "all")}>
              <option value="all">All kinds ({results.length.toLocaleString("en-US")})</option>
              {kinds.map(({ kind: value, count }) => (
                <option key={value} value={value}>
                  {WORK_ITEM_KIND_PLURALS[value]} ({count.toLocaleString("en-US")})
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor="filter-dimension">Has findings in</label>
          <select id="filter-dimension" value={dimension} disabled={!hydrated} onChange={(e) => setDimension(e.target.value as Dimension | "any")}>
            <option value="any">Any dimension</option>
            {DIMENSIONS.map((d) => (
              <option key={d} value={d}>
                {DIMENSION_LABELS[d]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {sharedScores.length > 0 && (
        <p className="muted small shared-scores" data-testid="shared-scores">
          {sharedScores.length === 1 ? "Not a column, as every row scores the same on it" : "Not columns, as every row scores the same on them"}{" "}
          (see the summary above):{" "}
          {sharedScores.map((s) => DIMENSION_LABELS[s.dimension]).join(", ")}.
        </p>
      )}
      <p className="muted small" role="status" aria-live="polite" data-testid="results-range">
        {shown === 0
          ? `No ${kindNoun(onlyKind, 2)} match these filters.`
          : `${first === last ? count(first) : `${count(first)}-${count(last)}`} of ${count(shown)} ${noun}`}
      </p>

      {/* Focusable so keyboard users can scroll the table sideways on a narrow screen (phones get cards). */}
      <div className="table-wrap" role="region" aria-label="Stories table" tabIndex={0}>
        {/* Explicit roles keep the table a table for screen readers when a phone lays it out as cards. */}
        <table role="table">
          <caption className="visually-hidden">Scores per story; select a story to see its findings</caption>
          <thead role="rowgroup">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} role="row">
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      role="columnheader"
                      scope="col"
                      className={header.column.id === "summary" ? "col-story" : "col-num"}
                      aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                    >
                      {header.column.getCanSort() ? (
                        <button type="button" className="sort-button" disabled={!hydrated} onClick={header.column.getToggleSortingHandler()}>
                          {label}
                          <span aria-hidden="true" className="sort-icon">
                            {sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "↕"}
                          </span>
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody role="rowgroup">
            {table.getRowModel().rows.map((row) => (
              <Fragment key={row.id}>
                <tr className={row.getIsExpanded() ? "expanded" : undefined} role="row">
                  {row.getVisibleCells().map((cell) => {
                    const header = cell.column.columnDef.header;
                    return (
                      // data-label names the value when a phone shows each story as a card (globals.css).
                      <td
                        key={cell.id}
                        role="cell"
                        className={cell.column.id === "summary" ? "col-story" : "col-num"}
                        data-label={cell.column.id !== "summary" && typeof header === "string" ? header : undefined}
                      >
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    );
                  })}
                </tr>
                {row.getIsExpanded() && (
                  <tr className="details-row" role="row">
                    <td role="cell" colSpan={row.getVisibleCells().length} id={`details-${row.original.row}`}>
                      <StoryDetails result={row.original} showKind={showKinds} />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>

      {table.getPageCount() > 1 && (
        <nav className="pager" aria-label="Result pages">
          <button type="button" className="button secondary" onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage() || !hydrated}>
            Previous
          </button>
          <span>
            Page {pageIndex + 1} of {table.getPageCount()}
          </span>
          <button type="button" className="button secondary" onClick={() => table.nextPage()} disabled={!table.getCanNextPage() || !hydrated}>
            Next
          </button>
        </nav>
      )}
    </div>
  );
}

const FIELD_NAMES = { summary: "Story", description: "Description", acceptance_criteria: "Acceptance criteria" } as const;
// The summary is the row's own cell; the details show only the fields the row does not.
const DETAIL_FIELDS = ["description", "acceptance_criteria"] as const;

function StoryDetails({ result, showKind }: { result: StoryResult; showKind: boolean }) {
  const texts = DETAIL_FIELDS.flatMap((field) => (result[field] ? [{ field, text: result[field] }] : []));
  const sourceOf = (field?: string) => (field && field in FIELD_NAMES ? result[field as keyof typeof FIELD_NAMES] : null);
  // Where the row's kind came from, when its label is shown (kinds mixed) and the result recorded it.
  const kindSource = showKind ? declaredKindSource(result) : null;
  return (
    <div className="story-details">
      <p className="overall-reasoning">
        <strong>Overall</strong> {overallReasoningOf(result)}
      </p>
      {kindSource ? (
        <p className="muted small" data-testid="kind-source">
          Judged as a {kindNoun(itemKind(result), 1)} ({WORK_ITEM_TYPE_SOURCE_WORDS[kindSource]}).
        </p>
      ) : null}
      <div className="detail-texts">
        {texts.map(({ field, text }) => (
          <div key={field}>
            <h4>{FIELD_NAMES[field]}</h4>
            <p className="story-text">
              <HighlightedText text={text} findings={result.findings.filter((f) => f.field === field)} />
            </p>
          </div>
        ))}
      </div>
      <div className="detail-grid">
        <div>
          <h4>Findings ({result.findings.length})</h4>
          {result.findings.length === 0 ? (
            <p className="muted">Nothing to fix.</p>
          ) : (
            <ul className="findings">
              {result.findings.map((f, i) => {
                const source = sourceOf(f.field);
                const quote = source && f.start !== undefined && f.end !== undefined ? source.slice(f.start, f.end) : null;
                return (
                  <li key={i}>
                    <span className={`severity severity-${f.severity}`}>{f.severity}</span>{" "}
                    <span className="dimension-tag">{DIMENSION_LABELS[f.dimension]}</span> {f.message}
                    {quote ? (
                      <>
                        {" "}
                        <q className="offending">{quote}</q>
                      </>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        <div>
          <h4>Recommendations</h4>
          {result.recommendations.length === 0 ? (
            <p className="muted">None.</p>
          ) : (
            <ul>
              {result.recommendations.map((text, i) => (
                <li key={i}>{recommendationInPercent(text)}</li>
              ))}
            </ul>
          )}
          {/* A split (one story per action) and the rewrite (the whole story with its safe fixes) are two pieces
              of advice: a compound story may have both. */}
          {result.split.length > 0 ? <SplitStories parts={result.split} /> : null}
          {result.rewrite ? (
            <>
              <h4>Suggested rewrite</h4>
              <blockquote className="rewrite">{result.rewrite}</blockquote>
            </>
          ) : null}
        </div>
      </div>
    </div>
  );
}
