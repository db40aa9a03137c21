// `npm run provision -- customer --id acme --plan starter [--quota 250] [--company globex]`
// `npm run provision -- user --email a@b.c --password ... (--customer acme | --company globex)`
// Calls the running server's admin API (--url; default PUBLIC_BASE_URL, else http://localhost:$PORT, else port 3000) with ADMIN_TOKEN
// (or the local token `npm start` keeps in .data/admin-token) and prints the JSON answer on stdout.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

const USAGE =
  "usage: npm run provision -- customer --id ID --plan PLAN [--quota N] [--company ID] | user --email EMAIL --password PASSWORD (--customer ID | --company ID) [--url URL]";

function fail(message: string): never {
  process.stderr.write(`provision: ${message}\n`);
  process.exit(1);
}

function adminToken(): string {
  if (process.env.ADMIN_TOKEN) return process.env.ADMIN_TOKEN;
  const file = path.join(process.cwd(), ".data", "admin-token");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  fail("ADMIN_TOKEN is not set (and no .data/admin-token from `npm start` was found)");
}

/** The server `npm start` runs in this shell: PUBLIC_BASE_URL, else localhost on PORT (3000 by default). */
function defaultUrl(): string {
  if (process.env.PUBLIC_BASE_URL) return process.env.PUBLIC_BASE_URL;
  return `http://localhost:${process.env.PORT || "3000"}`;
}

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        id: { type: "string" },
        plan: { type: "string" },
        quota: { type: "string" },
        company: { type: "string" },
        customer: { type: "string" },
        email: { type: "string" },
        password: { type: "string" },
        url: { type: "string", default: defaultUrl() },
      },
    });
  } catch (error) {
    fail(`${(error as Error).message} (${USAGE})`);
  }
  const { values, positionals } = parsed;
  const [command] = positionals;
  let endpoint: string;
  let body: Record<string, unknown>;
  if (command === "customer") {
    if (!values.id) fail(`--id is required (${USAGE})`);
    if (!values.plan) fail(`--plan is required (${USAGE})`);
    let quota: number | undefined;
    if (values.quota !== undefined) {
      quota = Number(values.quota);
      if (!Number.isInteger(quota) || quota < 0) fail(`--quota must be a non-negative integer, got '${values.quota}'`);
    }
    endpoint = "/api/admin/customers";
    body = { customer_id: values.id, plan: values.plan, quota, company_id: values.company };
  } else if (command === "user") {
    if (!values.email) fail(`--email is required (${USAGE})`);
    if (!values.password) fail(`--password is required (${USAGE})`);
    if (Boolean(values.customer) === Boolean(values.company)) fail("give exactly one of --customer or --company");
    endpoint = "/api/admin/users";
    body = { email: values.email, password: values.password, customer_id: values.customer, company_id: values.company };
  } else {
    fail(command ? `unknown command '${command}' (${USAGE})` : USAGE);
  }
  const url = new URL(endpoint, values.url).toString();
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${adminToken()}` },
      body: JSON.stringify(body),
    });
  } catch (error) {
    fail(
      `cannot reach ${values.url}: ${(error as Error).cause ? String((error as Error).cause) : (error as Error).message} ` +
        "(is the server running? give its address with --url, or set PORT as for npm start)",
    );
  }
  const text = await response.text();
  if (!response.ok) {
    let reason = text;
    try {
      const parsedError = JSON.parse(text) as { message?: string; details?: string[] };
      reason = [parsedError.message, ...(parsedError.details ?? [])].filter(Boolean).join(" ");
    } catch {
      // not JSON: print the text as it is
    }
    fail(`${response.status} ${reason}`.replace(/\s+/g, " ").trim());
  }
  process.stdout.write(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
}

void main();
