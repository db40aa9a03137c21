// Languages in the API and the stats (issue 47): stories written for this test in German, French, English and
// Polish scored through the API, their language in the response, and /stats/* filtered by it.
import { beforeAll, describe, expect, it } from "vitest";
import { provisionCustomer } from "@/lib/admin/provisioning";
import { resolveScope } from "@/lib/auth/scope";
import { storyHistory } from "@/lib/stats/story-history";
import { setupTestDatabase } from "@/testing/db";
import { call } from "@/testing/http";
import { POST as score } from "../api/v1/score/route";
import { GET as getStories } from "./stories/route";
import { GET as getSummary } from "./summary/route";
import { GET as getTrends } from "./trends/route";

const database = setupTestDatabase();
let key: string;
const bearer = () => ({ authorization: `Bearer ${key}` });

const ITEMS = [
  { id: "L-1", summary: "Als Kundin möchte ich meinen Warenkorb speichern, damit ich den Kauf später abschließen kann.", language: "de" },
  { id: "L-2", summary: "Als Teamleiter möchte ich Urlaubsanträge genehmigen, damit die Planung stimmt.", language: "de" },
  { id: "L-3", summary: "En tant qu'utilisatrice, je veux exporter mes factures en PDF afin de les archiver.", language: "fr" },
  { id: "L-4", summary: "As a shopper, I want to save my cart so that I can finish checkout later.", language: "en" },
  { id: "L-5", summary: "Jako klientka chcę zapisać mój koszyk, aby później dokończyć zakup.", language: "pl" },
] as const;
const responses: Record<string, { metadata: { language: string }; findings: { code: string }[] }> = {};

const get = async (handler: typeof getSummary, url: string, status = 200) => {
  const response = await call(handler, url, { headers: bearer() });
  expect(response.status, url).toBe(status);
  return response.body as Record<string, unknown>;
};

beforeAll(async () => {
  key = (await provisionCustomer(database().db, { customer_id: "languages-co", plan: "team" })).body.api_key;
  for (const item of ITEMS) {
    const response = await call(score, "/api/v1/score", {
      json: { ticket_id: item.id, external_id: item.id, ticket_data: { summary: item.summary } },
      headers: bearer(),
    });
    expect(response.status).toBe(200);
    responses[item.id] = response.body as (typeof responses)[string];
  }
});

describe("languages through the API and the stats", () => {
  it("names each item's language in the score response; a ticket's own language wins", async () => {
    for (const item of ITEMS) expect(responses[item.id].metadata.language, item.id).toBe(item.language);
    expect(responses["L-1"].findings.map((f) => f.code).filter((c) => c.startsWith("well_formed."))).toEqual([]);
    expect(responses["L-5"].findings.map((f) => f.code)).toContain("language.not_read");
    const named = await call(score, "/api/v1/score", { json: { ticket_id: "L-6", ticket_data: { summary: "Settings page", language: "pt-BR" } }, headers: bearer() });
    expect(named.status).toBe(200);
    expect((named.body as { metadata: { language: string } }).metadata.language).toBe("pt");
  });

  it("filters the summary, the stories list and the trends by language", async () => {
    const de = await get(getSummary, "/stats/summary?language=de");
    expect(de.story_count).toBe(2);
    expect((await get(getSummary, "/stats/summary?language=FR")).story_count).toBe(1);
    expect((await get(getSummary, "/stats/summary?language=ja")).story_count).toBe(0);
    const list = (await get(getStories, "/stats/stories?sort=summary")) as { items: { story_identity: string; language: string }[] };
    const byId = Object.fromEntries(list.items.map((item) => [item.story_identity, item.language]));
    for (const item of ITEMS) expect(byId[item.id], item.id).toBe(item.language);
    const polish = (await get(getStories, "/stats/stories?language=pl")) as { items: { story_identity: string }[]; total: number };
    expect(polish.items.map((item) => item.story_identity)).toEqual(["L-5"]);
    const trends = (await get(getTrends, "/stats/trends?language=de&interval=month")) as unknown as { stories: number }[];
    expect(trends.at(-1)?.stories).toBe(2);
  });

  it("refuses a language that is not an ISO 639-1 code", async () => {
    const body = await get(getSummary, "/stats/summary?language=german", 400);
    expect(JSON.stringify(body)).toContain("language");
  });

  it("shows the language of each run in a story's history", async () => {
    const scope = await resolveScope(database().db, { kind: "customer", customerId: "languages-co" });
    const history = await storyHistory({ db: database().db, scope, ref: "L-3" });
    expect(history?.runs.map((run) => run.language)).toEqual(["fr"]);
  });
});
