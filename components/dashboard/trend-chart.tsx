"use client";

import { useState } from "react";
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { DIMENSION_LABELS, DIMENSIONS, percent } from "@/lib/format";
import type { TrendInterval } from "@/lib/stats/params";
import type { TrendPoint } from "@/lib/stats/trends";
import type { WorkItemKind } from "@/lib/work-items/kinds";
import { useStats } from "./stats-client";
import { CardTable } from "./card-table";
import { useHydrated } from "@/components/use-hydrated";

const INTERVALS: { value: TrendInterval; label: string }[] = [
  { value: "day", label: "Day" },
  { value: "week", label: "Week" },
  { value: "month", label: "Month" },
];

function periodLabel(iso: string, interval: TrendInterval): string {
  const date = new Date(iso);
  if (interval === "month") return date.toLocaleDateString("en-GB", { month: "short", year: "numeric", timeZone: "UTC" });
  return date.toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
}

const toPercent = (score: number | null) => (score === null ? null : Math.round(score * 10));

/** The numbers of a period after its name: each a column of the table, and a labelled value of a phone's card. */
const columns: { key: string; label: string; value: (point: TrendPoint) => string | number }[] = [
  { key: "stories", label: "Stories", value: (point) => point.stories },
  { key: "average", label: "Average", value: (point) => percent(point.average_overall) },
  ...DIMENSIONS.map((dimension) => ({ key: dimension, label: DIMENSION_LABELS[dimension], value: (point: TrendPoint) => percent(point.dimension_averages[dimension]) })),
];

/** Average scores over time with a day/week/month switch; the numbers are also available as a table. */
export function TrendChart({
  initial,
  initialInterval,
  customer,
  workItemType = null,
}: {
  initial: TrendPoint[];
  initialInterval: TrendInterval;
  customer: string | null;
  /** The dashboard's kind filter: the trend of that kind only. */
  workItemType?: WorkItemKind | null;
}) {
  const [interval, setInterval] = useState<TrendInterval>(initialInterval);
  const hydrated = useHydrated();
  const { data: points, loading, error } = useStats<TrendPoint[]>(
    "/stats/trends",
    { interval, customer, work_item_type: workItemType },
    initial,
    "Could not load the trend.",
  );

  const data = points.map((point) => ({
    period: periodLabel(point.period_start, interval),
    overall: toPercent(point.average_overall),
    stories: point.stories,
  }));
  const scored = points.filter((point) => point.stories > 0);
  const periodHeading = interval === "day" ? "Day" : interval === "week" ? "Week of" : "Month";

  return (
    <section className="card chart-card" aria-labelledby="trend-heading" aria-busy={loading}>
      <div className="chart-header">
        <h2 id="trend-heading">Average score over time</h2>
        <div className="segmented" role="group" aria-label="Trend interval">
          {INTERVALS.map((option) => (
            <button
              key={option.value}
              type="button"
              aria-pressed={interval === option.value}
              className={interval === option.value ? "active" : ""}
              disabled={!hydrated}
              onClick={() => setInterval(option.value)}
            >
              {option.label}
            </button>
          ))}
        </div>
      </div>
      <p className="muted small" data-testid="trend-caption" aria-live="polite">
        {loading
          ? "Loading…"
          : `Per ${interval}: the average of each story's last score in the ${interval}, over ${scored.length} ${interval}${scored.length === 1 ? "" : "s"} with scored stories.`}
      </p>
      {error ? (
        <p className="alert error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="chart-box" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
            <CartesianGrid stroke="#e3e7ee" vertical={false} />
            <XAxis dataKey="period" tick={{ fontSize: 12, fill: "#4b5565" }} minTickGap={16} />
            <YAxis domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} unit="%" tick={{ fontSize: 12, fill: "#4b5565" }} width={48} />
            <Tooltip formatter={(value) => [`${value}%`, "Average score"]} />
            <Legend />
            <Line type="monotone" dataKey="overall" name="Average score" stroke="#1f5fd1" strokeWidth={2.5} dot={{ r: 3 }} connectNulls isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <details className="data-table">
        <summary>Show the numbers</summary>
        {/* On a phone, one card per period. */}
        <CardTable
          label="Trend numbers"
          className="numbers-table"
          caption={`Average score per ${interval}`}
          columns={[periodHeading, ...columns.map(({ label }) => label)]}
        >
          {points.map((point) => (
            <tr key={point.period_start} role="row">
              <th scope="row" role="rowheader" className="card-title">
                {periodLabel(point.period_start, interval)}
              </th>
              {columns.map(({ key, label, value }) => (
                <td key={key} role="cell" data-label={label}>
                  {value(point)}
                </td>
              ))}
            </tr>
          ))}
        </CardTable>
      </details>
    </section>
  );
}
