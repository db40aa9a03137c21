// Fake servers started by a test file, closed after each test: `const track = trackServers();`, then
// `const jira = await track(startFakeJira(...))`. Vitest only (it registers an afterEach hook).
import { afterEach } from "vitest";

/** Registers an afterEach that closes every server passed through the returned `track` during the test. */
export function trackServers(): <T extends { close(): Promise<void> }>(server: Promise<T>) => Promise<T> {
  const servers: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });
  return async (server) => {
    const s = await server;
    servers.push(s);
    return s;
  };
}
