// What a visitor can do with a page before its script has run: the server's HTML of every client component that
// acts on a click, a change or a submit, read as a browser would read it. Every button must be disabled (a click
// would be lost), and no form may submit natively: with GET its named fields (a key's name, a password) would go
// into the URL, the history and the server's logs; a form posts instead (to the page it is on, whose answer
// ignores the body) and its submit button, which is also what Enter in a field clicks, is disabled.
// docs/decisions.md, "Controls wait for the page's script".
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { AppRouterContext, type AppRouterInstance } from "next/dist/shared/lib/app-router-context.shared-runtime";
import { describe, expect, it } from "vitest";
import { DismissFinding } from "./dashboard/dismiss-finding";
import { SignInForm } from "./dashboard/sign-in-form";
import { SignOutButton } from "./dashboard/sign-out-button";
import { StoriesTable } from "./dashboard/stories-table";
import { TrendChart } from "./dashboard/trend-chart";
import { CopyButton } from "./docs/copy-button";
import { Evaluator } from "./evaluator/evaluator";
import { ResultsTable } from "./evaluator/results-table";
import { ShareLink } from "./evaluator/share-link";
import { settingsApi } from "./settings/api-client";
import { ApiKeysSection } from "./settings/api-keys";
import { ConfirmButton } from "./settings/confirm-button";
import { ConnectionRows } from "./settings/connection-rows";
import { DeliveriesPanel } from "./settings/deliveries";
import { DeliveryItem } from "./settings/delivery-item";
import { EditConnection } from "./settings/edit-connection";
import { InstallationRows } from "./settings/installation-rows";
import { IntegrationsSection } from "./settings/integrations";
import { OneTimeSecrets } from "./settings/one-time-secrets";
import { RulesSection } from "./settings/rules-section";
import { SettingsSections } from "./settings/settings-sections";
import { TrackersSection } from "./settings/trackers-section";
import type { Connection } from "./settings/trackers-types";
import type { Delivery, Installation } from "./settings/types";
import { useHydrated } from "./use-hydrated";
import { DIMENSIONS, type StoryResult } from "@/lib/csv-flow/types";
import type { StoryListItem } from "@/lib/stats/stories";

// ---- Reading the server's HTML as a browser would -------------------------------------------------------------

interface Control {
  tag: "form" | "button" | "input" | "select" | "textarea";
  attrs: Map<string, string>;
  /** The form the control belongs to (its nearest <form> ancestor; no control here uses form=""). */
  form: Control | null;
}

/** The form controls of server HTML, in document order. React quotes every attribute and escapes `>` in values. */
function controls(html: string): Control[] {
  const found: Control[] = [];
  let form: Control | null = null;
  for (const match of html.matchAll(/<(\/?)(form|button|input|select|textarea)\b([^>]*)>/g)) {
    const [, closing, tag, rest] = match;
    if (closing) {
      if (tag === "form") form = null;
      continue;
    }
    const attrs = new Map([...rest.matchAll(/([^\s="]+)(?:="([^"]*)")?/g)].map(([, name, value]) => [name.toLowerCase(), value ?? ""] as const));
    const control: Control = { tag: tag as Control["tag"], attrs, form };
    found.push(control);
    if (tag === "form") form = control;
  }
  return found;
}

const disabled = (control: Control) => control.attrs.has("disabled");
const type = (control: Control) => (control.attrs.get("type") ?? (control.tag === "button" ? "submit" : "text")).toLowerCase();
const isSubmitButton = (control: Control) => (control.tag === "button" && type(control) === "submit") || (control.tag === "input" && ["submit", "image"].includes(type(control)));
/** The input types for which Enter submits a form that has no submit button (HTML, "implicit submission"). */
const BLOCKS_IMPLICIT_SUBMISSION = new Set(["text", "search", "url", "tel", "email", "password", "date", "month", "week", "time", "datetime-local", "number"]);

/**
 * How a form can be submitted without script: an enabled submit button clicked, or Enter in a field. Enter clicks
 * the form's default button (its first submit button) and does nothing when that is disabled; a form without a
 * submit button is submitted by Enter when it has exactly one field that takes it.
 */
function nativeSubmitters(all: Control[], form: Control): string[] {
  const inside = all.filter((control) => control.form === form);
  const buttons = inside.filter(isSubmitButton);
  const ways = buttons.filter((button) => !disabled(button)).map((button) => `click on submit button ${[...button.attrs].map(([k, v]) => `${k}="${v}"`).join(" ")}`);
  if (buttons.length === 0) {
    const fields = inside.filter((control) => control.tag === "input" && BLOCKS_IMPLICIT_SUBMISSION.has(type(control)));
    if (fields.length === 1 && !disabled(fields[0])) ways.push(`Enter in its only field (id="${fields[0].attrs.get("id") ?? ""}")`);
  }
  return ways;
}

/** What a native submit would do with this form: the method and the named fields it would send. */
function nativeSubmit(all: Control[], form: Control) {
  const method = (form.attrs.get("method") ?? "get").toLowerCase();
  const names = all.filter((control) => control.form === form && control.tag !== "button" && control.attrs.get("name")).map((control) => control.attrs.get("name"));
  return { method, action: form.attrs.get("action") ?? null, names };
}

// ---- Fixtures ---------------------------------------------------------------------------------------------------

const api = settingsApi(null);
const noop = () => {};
const ID = "0b6c1a52-6f1e-4c59-9d0a-3c1f8e2b7a41";
const AT = "2026-03-02T10:00:00.000Z";

// The evaluator asks for the App Router (it navigates to the results once scored).
const router: AppRouterInstance = { back: noop, forward: noop, refresh: noop, push: noop, replace: noop, prefetch: noop, bfcacheId: "test" };

const connection: Connection = {
  id: ID,
  kind: "jira",
  name: "Shop backlog",
  base_url: "https://acme.atlassian.net",
  query: "project = SHOP",
  schedule: "manual",
  credentials: { email: "dev@acme.test", token_last4: "wxyz" },
  write_back: { comment: true, label: "not-ready", below: 80 },
  created_at: AT,
  updated_at: AT,
  // A failed sync shows the detail row too.
  last_sync: { status: "failed", trigger: "manual", fetched: 3, scored: 1, skipped: 0, failed: 0, error: "bad credentials", started_at: AT, finished_at: AT },
};

const installation: Installation = {
  installation_id: ID,
  cloudId: "acme.atlassian.net",
  source: "jira",
  callback_url: "https://hooks.acme.test/stories",
  enabled: true,
  disabled_reason: null,
  created_at: AT,
  updated_at: AT,
};

const delivery: Delivery = {
  delivery_id: ID,
  job_id: null,
  event: "ping",
  issue_key: null,
  webhook_id: "msg_1",
  status: "failed",
  created_at: AT,
  attempts: [{ attempted_at: AT, status_code: 500, duration_ms: 12, response_excerpt: "oops", error: null }],
};

const storyItem = (n: number): StoryListItem => ({
  ticket_ref: `SHOP-${n}`,
  title: `As a shopper I want to pay by card ${n}`,
  story_identity: `SHOP-${n}`,
  identity_resolution: "external_id",
  ticket_key: `SHOP-${n}`,
  summary: `As a shopper I want to pay by card ${n}`,
  overall_score: 6.5,
  individual_scores: Object.fromEntries(DIMENSIONS.map((d) => [d, 6])),
  run_count: 1,
  last_scored_at: AT,
  customer_id: "acme",
  work_item_type: "story",
  language: "en",
  url: null,
  source: null,
});

const result = (row: number): StoryResult => ({
  row,
  key: `SHOP-${row}`,
  type: null,
  work_item_type: "story",
  language: "en",
  summary: `As a shopper I want to pay by card, row ${row}`,
  description: null,
  acceptance_criteria: null,
  overall_score: row % 10,
  overall_reasoning: "Testable is low.",
  individual_scores: Object.fromEntries(DIMENSIONS.map((d, i) => [d, (row + i) % 10])) as StoryResult["individual_scores"],
  findings: [{ code: "testable.no_acceptance_criteria", dimension: "testable", severity: "high", message: "No acceptance criteria." }],
  recommendations: [],
  rewrite: null,
  split: [],
});

const tableRows = (rows: ReactElement) => createElement("table", null, createElement("tbody", null, rows));

/**
 * Each client component with a click, change or submit handler, as the server renders it (with its props). The
 * audit trail is not here: its one control ("Load more") appears only once its list has been read in the browser.
 */
const PAGES: { name: string; element: ReactElement; forms?: number }[] = [
  { name: "SignInForm", element: createElement(SignInForm, { callbackUrl: "/dashboard" }), forms: 1 },
  { name: "DismissFinding", element: createElement(DismissFinding, { ticketRef: "SHOP-1", code: "testable.no_acceptance_criteria", customer: null, dismissed: null }) },
  { name: "DismissFinding (dismissed)", element: createElement(DismissFinding, { ticketRef: "SHOP-1", code: "testable.no_acceptance_criteria", customer: null, dismissed: "accepted" }) },
  { name: "SignOutButton", element: createElement(SignOutButton) },
  {
    name: "StoriesTable",
    element: createElement(StoriesTable, { initial: { items: [1, 2, 3].map(storyItem), page: 1, page_size: 2, total: 3 }, customer: null, showCustomer: false }),
    forms: 1,
  },
  { name: "TrendChart", element: createElement(TrendChart, { initial: [], initialInterval: "week", customer: null }) },
  { name: "CopyButton", element: createElement(CopyButton, { text: "curl …", label: "the request" }) },
  { name: "Evaluator", element: createElement(Evaluator) },
  // 30 rows: two pages, so the pager is there too.
  { name: "ResultsTable", element: createElement(ResultsTable, { results: Array.from({ length: 30 }, (_, i) => result(i + 1)) }) },
  { name: "ShareLink", element: createElement(ShareLink, { url: "https://scores.example/results/1" }) },
  { name: "SettingsSections", element: createElement(SettingsSections, { customer: null }), forms: 4 },
  { name: "ApiKeysSection", element: createElement(ApiKeysSection, { api, onChange: noop }), forms: 1 },
  { name: "IntegrationsSection", element: createElement(IntegrationsSection, { api, onChange: noop }), forms: 1 },
  { name: "TrackersSection", element: createElement(TrackersSection, { api, onChange: noop, dashboardHref: "/dashboard" }), forms: 1 },
  { name: "RulesSection", element: createElement(RulesSection, { api, onChange: noop }), forms: 1 },
  { name: "EditConnection", element: createElement(EditConnection, { api, connection, onSaved: noop, onCancel: noop }), forms: 1 },
  {
    name: "ConnectionRows",
    element: tableRows(createElement(ConnectionRows, { api, connection, dashboardHref: "/dashboard", onUpdated: noop, onChanged: noop, onDeleted: noop })),
  },
  {
    name: "InstallationRows",
    element: tableRows(createElement(InstallationRows, { api, installation, deliveriesOpen: false, onUpdated: noop, onTested: noop, onShowDeliveries: noop })),
  },
  {
    name: "DeliveriesPanel",
    element: createElement(DeliveriesPanel, { api, installation, headingId: "deliveries-heading", version: 0, focusRequest: 0, onChange: noop, onClose: noop }),
  },
  { name: "DeliveryItem", element: createElement(DeliveryItem, { api, path: "/api/v1/installations/x/deliveries", delivery, enabled: true, onRedelivered: noop, onChange: noop }) },
  {
    name: "ConfirmButton",
    element: createElement(ConfirmButton, { label: "Revoke", target: "key ci", confirmLabel: "Confirm revoke", consequence: "Calls are refused.", onConfirm: noop }),
  },
  {
    name: "OneTimeSecrets",
    element: createElement(OneTimeSecrets, { title: "New key", values: [{ label: "API key", value: "ssk_live_secret", testId: "new-api-key" }], onDismiss: noop }),
  },
];

const serverHtml = (element: ReactElement) => renderToStaticMarkup(createElement(AppRouterContext.Provider, { value: router }, element));

// ---- The checks --------------------------------------------------------------------------------------------------

describe("server HTML, before the page's script runs", () => {
  describe.each(PAGES)("$name", ({ element, forms = 0 }) => {
    const all = controls(serverHtml(element));

    it("renders every button disabled: a click before hydration cannot be lost", () => {
      const buttons = all.filter((control) => control.tag === "button" || (control.tag === "input" && ["submit", "image", "button", "reset"].includes(type(control))));
      // Not vacuous: each of these components renders controls on the server.
      expect(all.filter((control) => control.tag !== "form").length).toBeGreaterThan(0);
      expect(buttons.filter((button) => !disabled(button)).map((button) => button.attrs.get("class") ?? button.tag)).toEqual([]);
    });

    it("has no form that submits with GET, nor one that can be submitted at all", () => {
      const found = all.filter((control) => control.tag === "form");
      expect(found).toHaveLength(forms);
      for (const form of found) {
        const submit = nativeSubmit(all, form);
        // Posted, to the page it is on (no action): never into a URL, never elsewhere.
        expect(submit).toMatchObject({ method: "post", action: null });
        expect(nativeSubmitters(all, form)).toEqual([]);
      }
    });
  });

  it("keeps the named secret fields of the sign-in form out of any URL (it posts, and only through script)", () => {
    const all = controls(serverHtml(createElement(SignInForm, { callbackUrl: "/dashboard" })));
    const form = all.find((control) => control.tag === "form")!;
    expect(nativeSubmit(all, form)).toEqual({ method: "post", action: null, names: ["email", "password"] });
    expect(nativeSubmitters(all, form)).toEqual([]);
  });

  it("posts the API key form, whose named field (the key's name) a GET would have put in the URL", () => {
    // The server renders the name empty, which disabled the button before already; now it also waits for the
    // script, and the method keeps `name=` out of the URL whatever submits the form.
    const all = controls(serverHtml(createElement(ApiKeysSection, { api, onChange: noop })));
    const form = all.find((control) => control.tag === "form")!;
    expect(nativeSubmit(all, form)).toEqual({ method: "post", action: null, names: ["name"] });
  });

  it("makes the dashboard's story search unable to reload the page: its only field, which Enter would submit, waits too", () => {
    const html = serverHtml(createElement(StoriesTable, { initial: { items: [storyItem(1)], page: 1, page_size: 25, total: 1 }, customer: null, showCustomer: false }));
    const all = controls(html);
    const search = all.find((control) => control.attrs.get("id") === "story-search")!;
    expect(disabled(search)).toBe(true);
  });

  it("keeps the evaluator's file picker and the results filters closed until the script reads them", () => {
    const evaluator = controls(serverHtml(createElement(Evaluator)));
    expect(evaluator.filter((control) => type(control) === "file").map(disabled)).toEqual([true]);
    const results = controls(serverHtml(createElement(ResultsTable, { results: [result(1), result(2)] })));
    const filters = results.filter((control) => (control.attrs.get("id") ?? "").startsWith("filter-"));
    expect(filters.length).toBeGreaterThanOrEqual(3);
    expect(filters.filter((control) => !disabled(control)).map((control) => control.attrs.get("id"))).toEqual([]);
  });
});

describe("the results table's item column", () => {
  it("is named for what the file holds: stories, one other kind, or work items when mixed", () => {
    const header = (results: StoryResult[]) => /<th[^>]*>(?:(?!<\/th>)[\s\S])*?(Story|Bug|Task|Work item)(?:(?!<\/th>)[\s\S])*?<\/th>/.exec(serverHtml(createElement(ResultsTable, { results })))?.[1];
    expect(header([result(1), result(2)])).toBe("Story");
    expect(header([{ ...result(1), work_item_type: "bug" }, { ...result(2), work_item_type: "bug" }])).toBe("Bug");
    expect(header([result(1), { ...result(2), work_item_type: "bug" }])).toBe("Work item");
  });
});

describe("the checks themselves", () => {
  it("see a form that submits with GET, an enabled submit button, and Enter in a lone field", () => {
    const html =
      '<form><input name="token" type="password"/><button type="submit">Save</button></form>' +
      '<form method="post"><input id="q" type="search"/></form>' +
      '<form method="POST"><input type="text"/><button disabled="">Go</button><button type="submit">Other</button></form>';
    const all = controls(html);
    const forms = all.filter((control) => control.tag === "form");
    expect(nativeSubmit(all, forms[0])).toEqual({ method: "get", action: null, names: ["token"] });
    expect(nativeSubmitters(all, forms[0])).toHaveLength(1);
    expect(nativeSubmitters(all, forms[1])).toEqual(['Enter in its only field (id="q")']);
    // The default (first) submit button is disabled, so Enter does nothing, but the second can still be clicked.
    expect(nativeSubmitters(all, forms[2])).toEqual(['click on submit button type="submit"']);
    expect(nativeSubmit(all, forms[2]).method).toBe("post");
  });
});

describe("useHydrated", () => {
  function Probe() {
    return createElement("output", null, String(useHydrated()));
  }

  // In the browser React hydrates with this same answer, then renders again with true (the e2e tests click these
  // controls); a component first mounted after hydration gets true at once. Node has no DOM to show that here.
  it("is false in the server's HTML", () => {
    expect(renderToStaticMarkup(createElement(Probe))).toBe("<output>false</output>");
  });
});
