"use client";

import { useEffect, useRef, useState } from "react";
import { useHydrated } from "@/components/use-hydrated";

/**
 * A destructive action in two steps without a modal: the button becomes "Confirm …" and "Cancel", with the
 * consequence said next to them. Focus moves to the confirmation and back to the button on Cancel or Escape,
 * so keyboard and screen-reader users stay where they were (window.confirm is avoided: it blocks the page and
 * reads poorly).
 */
export function ConfirmButton({
  label,
  target,
  confirmLabel,
  consequence,
  pending,
  disabled,
  onConfirm,
}: {
  /** The visible verb, e.g. "Revoke". */
  label: string;
  /** What it acts on, for screen readers: "key ci-bot". */
  target: string;
  confirmLabel: string;
  consequence: string;
  pending?: boolean;
  disabled?: boolean;
  onConfirm: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const hydrated = useHydrated();

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (returnFocus.current) {
      returnFocus.current = false;
      triggerRef.current?.focus();
    }
  }, [confirming]);

  const cancel = () => {
    returnFocus.current = true;
    setConfirming(false);
  };

  if (!confirming) {
    return (
      <button ref={triggerRef} type="button" className="button secondary small-button" disabled={disabled || pending || !hydrated} onClick={() => setConfirming(true)}>
        {label}
        <span className="sr-only"> {target}</span>
      </button>
    );
  }
  return (
    <span
      className="confirm-step"
      role="group"
      aria-label={`${label} ${target}?`}
      onKeyDown={(event) => {
        if (event.key === "Escape") cancel();
      }}
    >
      <span className="confirm-consequence small">{consequence}</span>
      <button
        ref={confirmRef}
        type="button"
        className="button danger small-button"
        disabled={pending}
        onClick={() => {
          setConfirming(false);
          onConfirm();
        }}
      >
        {pending ? "Working…" : confirmLabel}
        <span className="sr-only"> {target}</span>
      </button>
      <button type="button" className="button secondary small-button" onClick={cancel}>
        Cancel
      </button>
    </span>
  );
}
