"use client";

import { useEffect, useState } from "react";
import { asApiError, type SettingsApi, type SettingsApiError } from "./api-client";

/** The list with `item` in the place of the item with its id (null stays null). */
export function replaceById<T>(list: T[] | null, item: T, idOf: (item: T) => string): T[] | null {
  return list?.map((listed) => (idOf(listed) === idOf(item) ? item : listed)) ?? null;
}

/**
 * A whole list the API answers at once, as `{ [field]: T[] }` (GET /api/v1/keys → `data`, GET
 * /api/v1/installations → `installations`). `items` is null until it arrives; `reload` reads it again (after a
 * change), dropping a read still under way; `replace` puts a changed item in the place of the listed one.
 */
export function useApiList<T>(api: SettingsApi, path: string, field: string, idOf: (item: T) => string, failure: string) {
  const [items, setItems] = useState<T[] | null>(null);
  const [error, setError] = useState<SettingsApiError | null>(null);
  // Bumped by `reload`, to read the list again.
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    api
      .get<Record<string, T[]>>(path, {}, controller.signal)
      .then((body) => {
        setItems(body[field]);
        setError(null);
      })
      .catch((reason: unknown) => {
        if (!controller.signal.aborted) setError(asApiError(reason, failure));
      });
    return () => controller.abort();
  }, [api, path, field, failure, reloads]);

  return {
    items,
    error,
    reload: () => setReloads((count) => count + 1),
    replace: (item: T) => setItems((list) => replaceById(list, item, idOf)),
  };
}
