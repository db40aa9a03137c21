// Scheduled syncs: an "hourly" or "daily" connection has a pg-boss schedule of its own, named after it
// (pg-boss keys schedules by queue name, so each scheduled connection has a small queue, `tracker-schedule.<id>`).
// pg-boss's cron monitor runs in every queue client, but one of them per interval takes the turn (a lock in its
// schema) and the job it sends is a singleton of the minute, so each tick queues ONE job however many processes
// run. The relay below takes those jobs (`for update skip locked`: one taker) and asks for a sync, which is itself
// one per connection at a time (lib/trackers/sync.ts), so on PostgreSQL with several workers a schedule runs once.
import { createHash } from "node:crypto";
import type PgBoss from "pg-boss";
import { eq, ne, sql } from "drizzle-orm";
import { executeHot, type Db } from "@/db/client";
import { trackerConnections, type TrackerConnection } from "@/db/schema";
import { PGBOSS_SCHEMA, queue } from "@/lib/queue";
import { logger } from "@/lib/log";
import type { Schedule } from "./schemas";

export const SCHEDULE_QUEUE_PREFIX = "tracker-schedule.";

export const scheduleQueue = (connectionId: string) => `${SCHEDULE_QUEUE_PREFIX}${connectionId}`;

/**
 * The cron of a schedule, in UTC. Connections are spread over the hour (and the day) by their id, so a thousand
 * hourly connections do not all hit their trackers, and the workers, at minute 0.
 */
export function cronFor(schedule: Exclude<Schedule, "manual">, connectionId: string): string {
  const digest = createHash("sha256").update(connectionId).digest();
  const minute = digest[0] % 60;
  const hour = digest[1] % 24;
  return schedule === "hourly" ? `${minute} * * * *` : `${minute} ${hour} * * *`;
}

/** Make pg-boss's schedule match the connection's: one per hourly or daily connection, none for a manual one. */
export async function applySchedule(boss: PgBoss, connection: Pick<TrackerConnection, "id" | "schedule">, cron?: string): Promise<void> {
  if (connection.schedule === "manual") return removeSchedule(boss, connection.id);
  const name = scheduleQueue(connection.id);
  // The relay takes a tick's job within seconds; one nobody took within the hour is dropped (the next tick comes).
  await boss.createQueue(name, { name, retentionMinutes: 60, expireInSeconds: 60 });
  await boss.schedule(name, cron ?? cronFor(connection.schedule, connection.id), { connectionId: connection.id }, { tz: "UTC" });
}

/** Remove a connection's schedule: deleting its queue drops the schedule and any job it had queued. */
export async function removeSchedule(boss: PgBoss, connectionId: string): Promise<void> {
  await boss.deleteQueue(scheduleQueue(connectionId));
}

/**
 * At worker start: every hourly or daily connection has its schedule (one created while the queue was
 * unreachable gets it now) and no schedule outlives its connection or its switch to manual.
 */
export async function reconcileSchedules(boss: PgBoss, db: Db): Promise<void> {
  const scheduled = await db.select({ id: trackerConnections.id, schedule: trackerConnections.schedule }).from(trackerConnections).where(ne(trackerConnections.schedule, "manual"));
  const wanted = new Set(scheduled.map((row) => scheduleQueue(row.id)));
  const queues = await executeHot<{ name: string }>(db, sql`select name from ${sql.raw(`${PGBOSS_SCHEMA}.queue`)} where name like ${`${SCHEDULE_QUEUE_PREFIX}%`}`);
  for (const { name } of queues) if (!wanted.has(name)) await boss.deleteQueue(name);
  const existing = new Set(queues.map((row) => row.name));
  const schedules = new Set(
    (await executeHot<{ name: string }>(db, sql`select name from ${sql.raw(`${PGBOSS_SCHEMA}.schedule`)} where name like ${`${SCHEDULE_QUEUE_PREFIX}%`}`)).map((row) => row.name),
  );
  for (const row of scheduled) {
    const name = scheduleQueue(row.id);
    if (!existing.has(name) || !schedules.has(name)) await applySchedule(boss, row);
  }
}

/**
 * Take the due jobs of the schedules' queues (each by one taker: `skip locked`), completing them as they are
 * taken, and answer the connections they are for. A crash after taking loses that tick; the next one comes.
 */
export async function claimScheduledSyncs(db: Db, limit = 50): Promise<string[]> {
  const job = sql.raw(`${PGBOSS_SCHEMA}.job`);
  const rows = await executeHot<{ connection_id: string | null }>(db, sql`
    with due as (
      select id, name from ${job}
      where name like ${`${SCHEDULE_QUEUE_PREFIX}%`} and state < 'active' and start_after <= now()
      order by created_on
      limit ${limit}
      for update skip locked
    )
    update ${job} j set state = 'completed', started_on = now(), completed_on = now()
    from due where j.name = due.name and j.id = due.id
    returning j.data ->> 'connectionId' as connection_id`);
  return [...new Set(rows.map((row) => row.connection_id).filter((id): id is string => Boolean(id)))];
}

/** Whether a connection still wants scheduled syncs (it may have been switched to manual a moment ago). */
export async function isScheduled(db: Db, connectionId: string): Promise<boolean> {
  const [row] = await db.select({ schedule: trackerConnections.schedule }).from(trackerConnections).where(eq(trackerConnections.id, connectionId)).limit(1);
  return Boolean(row && row.schedule !== "manual");
}

/**
 * Poll the schedules' queues every `intervalMs` and ask for each due connection's sync through `startSync`.
 * Answers a function that stops the loop (waiting for a round in progress).
 */
export function startScheduleRelay(db: Db, startSync: (connectionId: string) => Promise<unknown>, intervalMs: number): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();
  const tick = () => {
    round = (async () => {
      try {
        for (const connectionId of await claimScheduledSyncs(db)) {
          if (stopped) break;
          if (await isScheduled(db, connectionId)) await startSync(connectionId);
        }
      } catch (error) {
        if (!stopped) logger().error({ err: error }, "scheduled tracker syncs could not be started");
      }
      if (!stopped) timer = setTimeout(tick, intervalMs);
    })();
  };
  timer = setTimeout(tick, 0);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await round;
  };
}

/** After a connection's schedule changed (or it was created or deleted): make pg-boss's match. */
export async function syncScheduleOf(connection: Pick<TrackerConnection, "id" | "schedule">): Promise<void> {
  await applySchedule(await queue(), connection);
}
