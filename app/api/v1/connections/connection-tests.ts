// What the connections tests do the way a client does: create a connection, and start a sync then poll the
// connection (as the settings page does) until the sync is over. Used by sync.test.ts and write-back.test.ts.
import { expect } from "vitest";
import { call } from "@/testing/http";
import { connectionSchema, type ConnectionView } from "@/lib/trackers/schemas";
import { GET as getOne } from "./[id]/route";
import { POST as syncRoute } from "./[id]/sync/route";
import { POST as create } from "./route";

type Headers = Record<string, string>;

/** POST /api/v1/connections with a name made of the kind and query; expects 201. */
export async function connect(headers: Headers, body: Record<string, unknown>): Promise<ConnectionView> {
  const response = await call(create, "/api/v1/connections", { json: { name: `${body.kind} ${body.query}`, ...body }, headers });
  expect(response.status, response.text).toBe(201);
  return connectionSchema.parse(response.body);
}

/** POST the sync (202, running), then poll the connection until the sync is over; answers its last state. */
export async function syncAndWait(headers: Headers, id: string, timeoutMs = 60_000): Promise<NonNullable<ConnectionView["last_sync"]>> {
  const requested = await call(syncRoute, `/api/v1/connections/${id}/sync`, { method: "POST", headers }, { id });
  expect(requested.status, requested.text).toBe(202);
  expect(connectionSchema.parse(requested.body).last_sync?.status).toBe("running");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await call(getOne, `/api/v1/connections/${id}`, { headers }, { id });
    const state = connectionSchema.parse(body).last_sync;
    if (state && state.status !== "running") return state;
    if (Date.now() > deadline) throw new Error(`the sync did not finish: ${JSON.stringify(state)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
