"use client";

import { useState } from "react";
import { useHydrated } from "@/components/use-hydrated";

/** Copies a code block's text; says so in its own label, which screen readers announce as it changes. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      className="docs-copy"
      aria-label={state === "idle" ? `Copy ${label}` : undefined}
      aria-live="polite"
      disabled={!hydrated}
      onClick={() =>
        navigator.clipboard
          .writeText(text)
          .then(() => setState("copied"))
          .catch(() => setState("failed"))
      }
    >
      {state === "copied" ? "Copied" : state === "failed" ? "Select and copy" : "Copy"}
    </button>
  );
}
