"use client";

import { useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "@/components/use-hydrated";

export interface OneTimeValue {
  label: string;
  value: string;
  /** For tests and support: `data-testid` of the value. */
  testId: string;
}

/**
 * Secrets the API returns once (a new API key, an installation's secrets): highlighted, each with a Copy
 * button, and a plain warning that they will not be shown again. Focus moves here when it appears, so a
 * screen reader reads it before anything else.
 */
export function OneTimeSecrets({ title, values, note, onDismiss }: { title: string; values: OneTimeValue[]; note?: string; onDismiss: () => void }) {
  const headingId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const hydrated = useHydrated();

  useEffect(() => {
    boxRef.current?.focus();
  }, []);

  async function copy(item: OneTimeValue, element: HTMLElement | null) {
    try {
      await navigator.clipboard.writeText(item.value);
      setCopied(`${item.label} copied to the clipboard.`);
    } catch {
      // No clipboard access (permissions, an insecure origin): select the text so the keyboard can copy it.
      if (element) {
        const range = document.createRange();
        range.selectNodeContents(element);
        window.getSelection()?.removeAllRanges();
        window.getSelection()?.addRange(range);
      }
      setCopied(`Copying was not allowed: the ${item.label.toLowerCase()} is selected, press Ctrl+C (⌘C) to copy it.`);
    }
  }

  return (
    <div ref={boxRef} className="one-time" role="region" aria-labelledby={headingId} tabIndex={-1} data-testid="one-time-secrets">
      <h3 id={headingId}>{title}</h3>
      <p className="one-time-warning">
        <strong>Copy {values.length > 1 ? "them" : "it"} now: {values.length > 1 ? "they" : "it"} will not be shown again.</strong>
        {note ? <> {note}</> : null}
      </p>
      <dl className="one-time-values">
        {values.map((item) => (
          <div key={item.testId}>
            <dt>{item.label}</dt>
            <dd>
              <code id={`${headingId}-${item.testId}`} data-testid={item.testId}>
                {item.value}
              </code>
              <button
                type="button"
                className="button secondary small-button"
                disabled={!hydrated}
                onClick={() => void copy(item, document.getElementById(`${headingId}-${item.testId}`))}
              >
                Copy<span className="sr-only"> {item.label.toLowerCase()}</span>
              </button>
            </dd>
          </div>
        ))}
      </dl>
      <p className="small one-time-status" aria-live="polite">
        {copied}
      </p>
      <button type="button" className="button small-button" disabled={!hydrated} onClick={onDismiss}>
        I have saved {values.length > 1 ? "them" : "it"}
      </button>
    </div>
  );
}
