/** A horizontally scrollable wrapper for a wide table: focusable and named, so keyboard users can scroll it too. */
export function ScrollRegion({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
