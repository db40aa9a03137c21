"use client";

import { useEffect, useId, useRef, useState } from "react";

/**
 * A horizontally scrollable wrapper for a wide table: focusable and named, so keyboard users can scroll it too.
 * When its content is wider than the space, edge shadows (dashboard.css) and a visible hint say so, since a
 * clipped column otherwise looks like the end of the table.
 */
export function ScrollRegion({ label, children }: { label: string; children: React.ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const [overflowing, setOverflowing] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setOverflowing(element.scrollWidth > element.clientWidth + 1);
    measure();
    // The content changes width too (a <details> opening, a new page of rows), not only the region.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);

  return (
    <div className="scroll-region">
      <p id={hintId} className="scroll-hint" hidden={!overflowing}>
        Scroll sideways to see every column <span aria-hidden="true">→</span>
      </p>
      <div
        ref={ref}
        className="table-wrap"
        role="region"
        aria-label={label}
        aria-describedby={overflowing ? hintId : undefined}
        tabIndex={0}
        data-overflowing={overflowing || undefined}
      >
        {children}
      </div>
    </div>
  );
}
