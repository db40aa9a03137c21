"use client";

import { useState } from "react";
import { asApiError, type SettingsApiError } from "./api-client";

/**
 * The changes a form or a row makes through the API, one at a time: `run` marks which one is `pending`, clears
 * the previous error and status, hands the answer to `then`, and turns a failure into `error` (the API's
 * message, else `failure`). `status` is for `then` to say what was done.
 */
export function useApiAction<Kind extends string>() {
  const [pending, setPending] = useState<Kind | null>(null);
  const [error, setError] = useState<SettingsApiError | null>(null);
  const [status, setStatus] = useState("");

  async function run<T>(kind: Kind, call: () => Promise<T>, then: (result: T) => void, failure: string) {
    setPending(kind);
    setError(null);
    setStatus("");
    try {
      then(await call());
    } catch (reason) {
      setError(asApiError(reason, failure));
    } finally {
      setPending(null);
    }
  }

  return { pending, error, status, setStatus, run };
}
