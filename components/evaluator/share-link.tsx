"use client";

import { useState } from "react";
import { useHydrated } from "@/components/use-hydrated";

/** The results URL in a read-only field, with a copy button. */
export function ShareLink({ url }: { url: string }) {
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const hydrated = useHydrated();
  return (
    <div className="share">
      <label htmlFor="share-url">Shareable link</label>
      <div className="share-row">
        <input id="share-url" type="text" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        <button
          type="button"
          className="button secondary"
          disabled={!hydrated}
          onClick={() =>
            navigator.clipboard
              .writeText(url)
              .then(() => setCopied("yes"))
              .catch(() => setCopied("no"))
          }
        >
          Copy link
        </button>
      </div>
      <p role="status" className="muted small share-status">
        {copied === "yes" ? "Link copied." : copied === "no" ? "Could not copy: select the link and copy it yourself." : ""}
      </p>
    </div>
  );
}
