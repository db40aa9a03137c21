import type { ReactNode } from "react";

/** A table row of one cell across all columns, for a note in place of rows ("Loading…", "No API keys yet."). */
export function MessageRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr role="row">
      <td role="cell" colSpan={colSpan} className="muted card-title">
        {children}
      </td>
    </tr>
  );
}
