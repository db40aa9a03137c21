// What every signed-in dashboard page starts with: its `?customer=` and the user (signed out: a redirect to
// /login that comes back to the same page and customer), and a 404 page for a customer outside the scope.
import type { Db } from "@/db/client";
import { ApiError } from "@/lib/http/errors";
import { requireDashboardUser, type DashboardUser } from "./session";

export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function dashboardPageUser(db: Db, searchParams: SearchParams, path: string): Promise<{ user: DashboardUser; customer: string | null }> {
  const params = await searchParams;
  const customer = typeof params.customer === "string" && params.customer ? params.customer : null;
  const user = await requireDashboardUser(db, customer ? `${path}?customer=${encodeURIComponent(customer)}` : path);
  return { user, customer };
}

/** Run a scoped read; a customer outside the login's scope shows the 404 page (the same whether it exists or not). */
export async function orNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      const { notFound } = await import("next/navigation");
      notFound();
    }
    throw error;
  }
}
