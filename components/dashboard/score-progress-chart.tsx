"use client";

import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

/** The overall score of each run of one story, oldest first: how the story improved across edits. */
export function ScoreProgressChart({ points }: { points: { label: string; overall: number }[] }) {
  return (
    <div className="chart-box small-chart" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart accessibilityLayer={false} data={points} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid stroke="#e3e7ee" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12, fill: "#4b5565" }} />
          <YAxis domain={[0, 100]} ticks={[0, 50, 100]} unit="%" tick={{ fontSize: 12, fill: "#4b5565" }} width={48} />
          <Tooltip formatter={(value) => [`${value}%`, "Overall"]} />
          <Line type="monotone" dataKey="overall" name="Overall" stroke="#1f5fd1" strokeWidth={2.5} dot={{ r: 4 }} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
