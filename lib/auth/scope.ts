import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { customers, scoreRuns, tickets } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";
import type { WorkItemKind } from "@/lib/scoring/kind";

/**
 * Who is asking. An API key and a customer's dashboard login act for one customer; a company login acts for
 * every customer linked to its company. This is the spec's rule: "Scores are visible only to that customer and
 * to its linked company."
 */
export type Principal = { kind: "customer"; customerId: string } | { kind: "company"; companyId: string };

/** The customers a stats query may read. Every stats query takes one; nothing reads stories without it. */
export interface StatsScope {
  principal: Principal;
  /** The customers whose stories this request covers (after the optional `customer` filter). */
  customerIds: string[];
  /** Every customer the principal may see (a company user's filter choices). */
  visibleCustomerIds: string[];
  /** The `customer` filter, when one was applied. */
  selectedCustomerId: string | null;
  /** The `work_item_type` filter, when one was applied: only stories judged as that kind. */
  workItemType: WorkItemKind | null;
  /** The `language` filter, when one was applied: only stories whose latest run read them in it (ISO 639-1). */
  language?: string | null;
}

/**
 * Resolve a principal (and an optional `?customer=` filter) to a scope. A filter naming a customer outside the
 * principal's reach is a 404, the same answer whether that customer exists elsewhere or not.
 */
export async function resolveScope(
  db: Db,
  principal: Principal,
  customerFilter?: string | null,
  workItemType?: WorkItemKind | null,
  language?: string | null,
): Promise<StatsScope> {
  let visible: string[];
  if (principal.kind === "customer") {
    visible = [principal.customerId];
  } else {
    const rows = await db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.companyId, principal.companyId))
      .orderBy(asc(customers.id));
    visible = rows.map((row) => row.id);
  }
  const filter = customerFilter?.trim() || null;
  if (filter !== null && !visible.includes(filter)) {
    throw new ApiError("not_found", "No such customer in your scope.", [`customer: '${filter.slice(0, 64)}' is not a customer you can see`]);
  }
  return {
    principal,
    customerIds: filter ? [filter] : visible,
    visibleCustomerIds: visible,
    selectedCustomerId: filter,
    workItemType: workItemType ?? null,
    language: language ?? null,
  };
}

/**
 * The dashboard stories a scope may read: its customers' tickets (one per ticket as a person knows it, see
 * lib/stories/ticket-ref.ts; only scored tickets exist). A kind filter keeps those whose latest run judged them
 * as that kind. Every statistic (summary, dimensions, the stories list) counts and averages these.
 */
export function scopedTickets(scope: StatsScope): SQL {
  return and(
    inArray(tickets.customerId, scope.customerIds),
    scope.workItemType ? eq(tickets.workItemType, scope.workItemType) : undefined,
    scope.language ? sql`${latestLanguage(sql`${tickets.customerId}`, sql`${tickets.ticketRef}`)} = ${scope.language}` : undefined,
  ) as SQL;
}

/**
 * The language a ticket's latest run read it in, from the run's stored result (`metadata.language`; a run
 * recorded before languages were named is English), found by the runs' (customer, ticket, time) index.
 */
export function latestLanguage(customerId: SQL, ticketRef: SQL): SQL {
  return sql`coalesce((select r.result -> 'metadata' ->> 'language' from ${scoreRuns} r
    where r.customer_id = ${customerId} and r.ticket_ref = ${ticketRef} order by r.created_at desc, r.id desc limit 1), 'en')`;
}
