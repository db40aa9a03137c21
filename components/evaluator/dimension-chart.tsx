"use client";

import { Bar, BarChart, CartesianGrid, Cell, LabelList, ResponsiveContainer, XAxis, YAxis } from "recharts";
import { DIMENSIONS, percent, type CsvSummary } from "@/lib/csv-flow/types";
import { bandColour, DIMENSION_LABELS } from "./labels";

/** Average score per INVEST dimension, as a bar chart with the figures also given as text. */
export function DimensionChart({ summary }: { summary: CsvSummary }) {
  const data = DIMENSIONS.map((d) => ({ name: DIMENSION_LABELS[d], value: percent(summary.dimension_averages[d]) }));
  return (
    <figure className="chart" aria-labelledby="chart-caption">
      <figcaption id="chart-caption" className="chart-caption">
        Average score per INVEST dimension
      </figcaption>
      <div className="chart-canvas" aria-hidden="true">
        <ResponsiveContainer width="100%" height={280}>
          <BarChart data={data} layout="vertical" margin={{ top: 0, right: 48, bottom: 0, left: 8 }} accessibilityLayer={false}>
            <CartesianGrid horizontal={false} stroke="#e4e7ec" />
            <XAxis type="number" domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} unit="%" tick={{ fill: "#4b5565", fontSize: 12 }} tickLine={false} />
            <YAxis type="category" dataKey="name" width={92} tick={{ fill: "#1a1f2b", fontSize: 13 }} tickLine={false} axisLine={false} />
            <Bar dataKey="value" radius={[0, 6, 6, 0]} isAnimationActive={false} barSize={26}>
              {data.map((entry) => (
                <Cell key={entry.name} fill={bandColour(entry.value)} />
              ))}
              <LabelList dataKey="value" position="right" formatter={(value) => `${value}%`} fill="#1a1f2b" fontSize={13} fontWeight={700} />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ul className="visually-hidden">
        {data.map((entry) => (
          <li key={entry.name}>
            {entry.name}: {entry.value}%
          </li>
        ))}
      </ul>
    </figure>
  );
}
