"use client";

import { Bar, BarChart, CartesianGrid, Cell, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { DimensionsBreakdown } from "@/lib/stats/dimensions";
import { bandColour, DIMENSION_LABELS, DIMENSIONS, evenDimensions, percent, SCORE_BANDS, scoreClass } from "@/lib/format";
import { CardTable } from "./card-table";

// The histogram counts stories per whole point (0 to 10): a band takes the points its percentages start at.
const BANDS = SCORE_BANDS.map((band) => ({ ...band, first: Math.ceil(band.from / 10), last: Math.floor(band.to / 10) }));

/** Per-dimension averages and how the stories spread over weak, fair and strong, with the weakest called out. */
export function DimensionBreakdown({ breakdown }: { breakdown: DimensionsBreakdown }) {
  const weakest = breakdown.weakest_dimension;
  const even = evenDimensions(Object.fromEntries(DIMENSIONS.map((d) => [d, breakdown.dimensions[d].average])));
  const averages = DIMENSIONS.map((dimension) => ({
    dimension: DIMENSION_LABELS[dimension],
    average: breakdown.dimensions[dimension].average === null ? 0 : Math.round((breakdown.dimensions[dimension].average as number) * 10),
  }));
  const distribution = DIMENSIONS.map((dimension) => {
    const histogram = breakdown.dimensions[dimension].histogram;
    const total = histogram.reduce((sum, count) => sum + count, 0) || 1;
    const row: Record<string, string | number> = { dimension: DIMENSION_LABELS[dimension] };
    for (const band of BANDS) {
      row[band.key] = Math.round((histogram.slice(band.first, band.last + 1).reduce((sum, count) => sum + count, 0) / total) * 100);
    }
    return row;
  });

  return (
    <section className="card chart-card" aria-labelledby="dimensions-heading">
      <h2 id="dimensions-heading">INVEST dimensions</h2>
      {weakest ? (
        <p className="callout" data-testid="weakest-callout">
          <strong>Work on {DIMENSION_LABELS[weakest]} first:</strong> it is the weakest of the six dimensions, with an average of{" "}
          {percent(breakdown.dimensions[weakest].average)}
          {(breakdown.dimensions[weakest].share_below_5 ?? 0) > 0
            ? `, and ${Math.round((breakdown.dimensions[weakest].share_below_5 ?? 0) * 100)}% of the stories score below 50% on it.`
            : "."}
        </p>
      ) : even ? (
        <p className="callout" data-testid="weakest-callout">
          No dimension is weaker than the others: all six average {even}.
        </p>
      ) : (
        <p className="muted">No scored stories yet.</p>
      )}
      <div className="chart-pair">
        <figure>
          <figcaption>Average score per dimension</figcaption>
          <div className="chart-box" aria-hidden="true">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart accessibilityLayer={false} data={averages} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 8 }}>
                <CartesianGrid stroke="#e3e7ee" horizontal={false} />
                <XAxis type="number" domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} unit="%" tick={{ fontSize: 12, fill: "#4b5565" }} />
                <YAxis type="category" dataKey="dimension" width={92} tick={{ fontSize: 12, fill: "#1a1f2b" }} />
                <Tooltip formatter={(value) => [`${value}%`, "Average"]} />
                <Bar dataKey="average" name="Average" isAnimationActive={false} radius={[0, 4, 4, 0]}>
                  {averages.map((entry) => (
                    <Cell key={entry.dimension} fill={bandColour(entry.average)} />
                  ))}
                </Bar>
              </BarChart>
            </ResponsiveContainer>
          </div>
        </figure>
        <figure>
          <figcaption>Share of stories by score band</figcaption>
          <div className="chart-box" aria-hidden="true">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart accessibilityLayer={false} data={distribution} layout="vertical" stackOffset="expand" margin={{ top: 4, right: 16, bottom: 4, left: 8 }}>
                <CartesianGrid stroke="#e3e7ee" horizontal={false} />
                <XAxis type="number" tickFormatter={(value: number) => `${Math.round(value * 100)}%`} tick={{ fontSize: 12, fill: "#4b5565" }} />
                <YAxis type="category" dataKey="dimension" width={92} tick={{ fontSize: 12, fill: "#1a1f2b" }} />
                <Tooltip formatter={(value, name) => [`${value}%`, String(name)]} />
                {/* Low to high, as the bands are stacked: the legend's own default sorts its names alphabetically. */}
                <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={(item) => BANDS.findIndex((band) => band.key === item.dataKey)} />
                {BANDS.map((band) => (
                  <Bar key={band.key} dataKey={band.key} name={band.label} stackId="bands" fill={band.colour} isAnimationActive={false} />
                ))}
              </BarChart>
            </ResponsiveContainer>
          </div>
        </figure>
      </div>
      <CardTable
        label="Dimension table"
        className="dimension-table"
        caption="Per-dimension averages and score distribution"
        columns={[
          "Dimension",
          "Average",
          "Below 50%",
          <>
            Stories per score <span className="muted">(0% … 100%)</span>
          </>,
        ]}
      >
        {DIMENSIONS.map((dimension) => {
          const stats = breakdown.dimensions[dimension];
          return (
            <tr key={dimension} role="row" className={dimension === weakest ? "weakest-row" : undefined}>
              <th scope="row" role="rowheader" className="card-title">
                {DIMENSION_LABELS[dimension]}
                {dimension === weakest ? <span className="badge">weakest</span> : null}
              </th>
              <td role="cell" data-label="Average" className={scoreClass(stats.average)}>
                {percent(stats.average)}
              </td>
              <td role="cell" data-label="Below 50%">
                {stats.share_below_5 === null ? "–" : `${Math.round(stats.share_below_5 * 100)}%`}
              </td>
              <td role="cell" data-label="Stories per score (0% … 100%)" className="histogram-cell">
                <span className="histogram" aria-label={stats.histogram.map((count, score) => `${score * 10}%: ${count}`).join(", ")} role="img">
                  {stats.histogram.map((count, score) => {
                    const max = Math.max(...stats.histogram, 1);
                    return <span key={score} className="histogram-bar" style={{ height: `${Math.max(2, (count / max) * 100)}%` }} />;
                  })}
                </span>
              </td>
            </tr>
          );
        })}
      </CardTable>
    </section>
  );
}
