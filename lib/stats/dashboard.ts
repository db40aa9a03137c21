import type { Db } from "@/db/client";
import { statsDimensions } from "./dimensions";
import type { TrendInterval } from "./params";
import { resolveScope, type Principal } from "@/lib/auth/scope";
import { listStories } from "./stories";
import { statsSummary } from "./summary";
import { statsTrends } from "./trends";
import { kindStats, type WorkItemKind } from "@/lib/work-items/kinds";

export const DEFAULT_DASHBOARD_INTERVAL: TrendInterval = "week";
export const DASHBOARD_PAGE_SIZE = 20;

/**
 * Everything the /dashboard page shows first, for one principal (and a company user's customer filter), of
 * one kind of work item when `workItemType` is given (the page's `?work_item_type=`, which the page's own
 * requests to /stats send on). `kinds` are the kinds in the scope, whatever the filter: the filter's choices
 * and the "By kind" table.
 */
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
  // The "By kind" table and the filter's choices show every kind, whatever the filter.
  const kinds = kindStats(workItemType ? await statsSummary({ db, scope: { ...scope, workItemType: null }, at }) : summary);
  return { scope, summary, trends, dimensions, stories, kinds, workItemType };
}

export type DashboardData = Awaited<ReturnType<typeof loadDashboard>>;
