"use client";

import { useEffect, useState } from "react";
import { asApiError, type SettingsApiError } from "./api-client";
import { replaceById } from "./use-api-list";
import type { Page } from "./types";

/** Reads one page: the first when `cursor` is null. */
export type FetchPage<T> = (cursor: string | null, signal?: AbortSignal) => Promise<Page<T>>;

/**
 * A cursor-paginated list (newest first): the first page is read when `fetchPage` or `version` changes (an
 * earlier read still under way is dropped), and `loadMore` appends the next page, leaving out items already
 * listed (an item added in between shifts the pages). `fetchPage` should keep its identity between renders
 * (useCallback) unless the list itself changes. `items` is null until the first page arrives.
 */
export function useCursorPages<T>(
  fetchPage: FetchPage<T>,
  idOf: (item: T) => string,
  version: number,
  messages: { load: string; loadMore: string },
) {
  const [items, setItems] = useState<T[] | null>(null);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<SettingsApiError | null>(null);
  const loadFailed = messages.load;

  useEffect(() => {
    const controller = new AbortController();
    fetchPage(null, controller.signal)
      .then((page) => {
        setItems(page.data);
        setNextCursor(page.next_cursor);
        setError(null);
      })
      .catch((reason: unknown) => {
        if (!controller.signal.aborted) setError(asApiError(reason, loadFailed));
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [fetchPage, version, loadFailed]);

  async function loadMore() {
    if (!nextCursor) return;
    setLoading(true);
    try {
      const page = await fetchPage(nextCursor);
      setItems((list) => {
        const seen = new Set((list ?? []).map(idOf));
        return [...(list ?? []), ...page.data.filter((item) => !seen.has(idOf(item)))];
      });
      setNextCursor(page.next_cursor);
      setError(null);
    } catch (reason) {
      setError(asApiError(reason, messages.loadMore));
    } finally {
      setLoading(false);
    }
  }

  return {
    items,
    nextCursor,
    loading,
    error,
    loadMore,
    /** Shows the list as loading until the next first page arrives (call it before changing `fetchPage`). */
    showLoading: () => setLoading(true),
    /** Puts a changed item in the place of the listed one with its id. */
    replace: (item: T) => setItems((list) => replaceById(list, item, idOf)),
  };
}
