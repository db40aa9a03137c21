import type { Db } from "@/db/client";
import { statsDimensions } from "./dimensions";
import type { WorkItemKind } from "@/lib/scoring/kind";
import type { TrendInterval } from "./params";
import { resolveScope, type Principal } from "./scope";
import { listStories } from "./stories";
import { statsSummary } from "./summary";
import { statsTrends } from "./trends";

export const DEFAULT_DASHBOARD_INTERVAL: TrendInterval = "week";
export const DASHBOARD_PAGE_SIZE = 20;

/** Everything the /dashboard page shows first, for one principal (and a company user's customer filter). */
export async function loadDashboard({
  db,
  principal,
  customer,
  workItemType,
  at,
}: {
  db: Db;
  principal: Principal;
  customer?: string | null;
  /** Only the stories judged as this kind (the dashboard's kind filter); null or absent: every kind. */
  workItemType?: WorkItemKind | null;
  at: Date;
}) {
  const scope = await resolveScope(db, principal, customer, workItemType);
  const summary = await statsSummary({ db, scope, at });
  const trends = await statsTrends({ db, scope, interval: DEFAULT_DASHBOARD_INTERVAL, at });
  const dimensions = await statsDimensions({ db, scope });
  const stories = await listStories({
    db,
    scope,
    query: { sort: "last_scored_at", order: "desc", page: 1, page_size: DASHBOARD_PAGE_SIZE },
  });
  return { scope, summary, trends, dimensions, stories };
}

export type DashboardData = Awaited<ReturnType<typeof loadDashboard>>;
