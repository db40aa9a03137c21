import type { ReactNode } from "react";
import { ScrollRegion } from "./scroll-region";

/**
 * A table in its scroll region that a phone lays out as cards (`card-table`, dashboard.css). The explicit ARIA
 * roles keep it a table for screen readers there (display: block drops the native table semantics); rows
 * give their cells `role="cell"` and a `data-label`, and their first cell `card-title`.
 */
export function CardTable({
  label,
  className,
  caption,
  columns,
  children,
}: {
  /** The scroll region's name, e.g. "API keys table". */
  label: string;
  /** The table's own classes, next to card-table. */
  className: string;
  /** Read by screen readers only. */
  caption: ReactNode;
  /** The column headers, in order. */
  columns: ReactNode[];
  /** The body rows. */
  children: ReactNode;
}) {
  return (
    <ScrollRegion label={label}>
      <table className={`${className} card-table`} role="table">
        <caption className="sr-only">{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column, index) => (
              <th key={index} role="columnheader" scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">{children}</tbody>
      </table>
    </ScrollRegion>
  );
}
