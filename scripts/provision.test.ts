// `npm run provision` finds the server where `npm start` put it: PORT, unless --url or PUBLIC_BASE_URL says
// otherwise; and it says how to point it elsewhere when nothing answers.
import { spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeArgs } from "@/testing/cli-bundles";

interface Seen {
  method?: string;
  url?: string;
  authorization?: string;
  body: string;
}

let server: http.Server;
let port = 0;
const seen: Seen[] = [];

beforeAll(async () => {
  // Stands in for the admin API: records the call and answers as the real one does.
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      seen.push({ method: request.method, url: request.url, authorization: request.headers.authorization, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify({ customer_id: "acme", api_key: "ssk_test" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function provision(args: string[], env: Record<string, string | undefined>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, PUBLIC_BASE_URL: undefined, PORT: undefined, ...env };
    for (const [name, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[name];
    const child = spawn(process.execPath, [...nodeArgs("scripts/provision.ts"), ...args], { env: childEnv });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("npm run provision", () => {
  it("calls the server on PORT with the ADMIN_TOKEN of its own environment", async () => {
    seen.length = 0;
    const result = await provision(["customer", "--id", "acme", "--plan", "starter"], { PORT: String(port), ADMIN_TOKEN: "a-token-of-my-own-choosing" });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ customer_id: "acme", api_key: "ssk_test" });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: "POST", url: "/api/admin/customers", authorization: "Bearer a-token-of-my-own-choosing" });
    expect(JSON.parse(seen[0].body)).toMatchObject({ customer_id: "acme", plan: "starter" });
  }, 30_000);

  it("prefers --url, then PUBLIC_BASE_URL, to PORT", async () => {
    seen.length = 0;
    const base = `http://127.0.0.1:${port}`;
    const viaUrl = await provision(["user", "--email", "a@b.example", "--password", "long secret", "--customer", "acme", "--url", base], { PORT: "1", ADMIN_TOKEN: "t" });
    expect(viaUrl.code).toBe(0);
    const viaPublic = await provision(["customer", "--id", "acme", "--plan", "team"], { PUBLIC_BASE_URL: base, PORT: "1", ADMIN_TOKEN: "t" });
    expect(viaPublic.code).toBe(0);
    expect(seen.map((call) => call.url)).toEqual(["/api/admin/users", "/api/admin/customers"]);
  }, 30_000);

  it("says how to point it at the server when nothing answers", async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = http.createServer();
      probe.listen(0, "127.0.0.1", () => {
        const free = (probe.address() as AddressInfo).port;
        probe.close(() => resolve(free));
      });
    });
    const result = await provision(["customer", "--id", "acme", "--plan", "starter"], { PORT: String(closed), ADMIN_TOKEN: "t" });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`cannot reach http://localhost:${closed}`);
    expect(result.stderr).toContain("--url");
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
  }, 30_000);
});
