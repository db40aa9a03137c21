"use client";

import { useState, type FormEvent } from "react";
import { apiUrl } from "@/components/settings/api-client";
import { useHydrated } from "@/components/use-hydrated";

/**
 * Dismiss one finding of the story's latest text with a reason (POST /api/v1/dismissals, audited), or take a
 * dismissal back. Kept while the text is unchanged: the next score lists the finding as silenced and charges
 * nothing for it.
 */
export function DismissFinding({ ticketRef, code, customer, dismissed }: { ticketRef: string; code: string; customer: string | null; dismissed: string | null }) {
  const [reason, setReason] = useState<string | null>(dismissed);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState("");
  const [error, setError] = useState("");
  const [pending, setPending] = useState(false);
  // Until the script runs, the buttons stay disabled: a click on the server's HTML would do nothing and be lost (a
  // browser test clicked "Dismiss" before hydration and waited a minute for the form).
  const hydrated = useHydrated();

  async function send(method: "POST" | "DELETE", body: Record<string, string>) {
    setPending(true);
    setError("");
    try {
      const response = await fetch(apiUrl("/api/v1/dismissals", customer), {
        method,
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(body),
      });
      if (!response.ok) {
        const answer = (await response.json().catch(() => null)) as { message?: string; details?: string[] } | null;
        setError([answer?.message ?? `HTTP ${response.status}`, ...(answer?.details ?? [])].join(" "));
        return false;
      }
      return true;
    } finally {
      setPending(false);
    }
  }

  async function dismiss(event: FormEvent) {
    event.preventDefault();
    if (await send("POST", { ticket_ref: ticketRef, code, reason: draft })) {
      setReason(draft.trim());
      setOpen(false);
    }
  }

  if (reason !== null) {
    return (
      <span className="dismissal" data-testid="dismissal">
        {" "}
        <span className="status-pill off">Dismissed</span> <span className="muted small">“{reason}”: costs nothing from the next score of this text.</span>{" "}
        <button type="button" className="link-button small" disabled={pending || !hydrated} onClick={() => void send("DELETE", { ticket_ref: ticketRef, code }).then((ok) => ok && setReason(null))}>
          Restore<span className="sr-only"> {code}</span>
        </button>
        {error ? <span role="alert" className="small"> {error}</span> : null}
      </span>
    );
  }
  if (!open) {
    return (
      <button type="button" className="link-button small" disabled={!hydrated} onClick={() => setOpen(true)}>
        Dismiss<span className="sr-only"> {code}</span>
      </button>
    );
  }
  return (
    <form className="dismiss-form" method="post" onSubmit={(event) => void dismiss(event)}>
      <label htmlFor={`dismiss-${code}`} className="small">
        Why does the team accept “{code}” here?
      </label>
      <input id={`dismiss-${code}`} value={draft} maxLength={500} required onChange={(event) => setDraft(event.target.value)} />
      <button type="submit" className="button secondary" disabled={pending || !draft.trim() || !hydrated}>
        Dismiss with this reason
      </button>
      <button type="button" className="link-button small" onClick={() => setOpen(false)}>
        Cancel
      </button>
      {error ? (
        <span role="alert" className="small">
          {" "}
          {error}
        </span>
      ) : null}
    </form>
  );
}
