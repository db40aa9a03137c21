"use client";

import { useEffect, useState, type FormEvent } from "react";
import { COSTS } from "@/lib/scoring/heuristic/scoring";
import type { SettingsApi, SettingsApiError } from "./api-client";
import { asApiError } from "./api-client";
import { ErrorAlert } from "./error-alert";
import { ACTIONS_COLUMN } from "./settings-table";
import { useApiAction } from "./use-api-action";
import { useHydrated } from "@/components/use-hydrated";

type Preset = "default" | "strict" | "lenient";
interface CodeSetting {
  enabled?: boolean;
  cost?: number;
}
interface RulesView {
  preset: Preset;
  codes: Record<string, CodeSetting>;
  version: string;
  updated_by: string | null;
  updated_at: string | null;
}

const PRESETS: { value: Preset; label: string; reading: string }[] = [
  { value: "default", label: "Default", reading: "The engine's reading: conjunctions of two features, read in context." },
  { value: "strict", label: "Strict (QUS as published)", reading: "Every conjunction of two features, or two roles, is two stories." },
  { value: "lenient", label: "Lenient (one user goal)", reading: "Verbs on one thing, an action and its follow-up, CRUD of one thing stay one story." },
];

/** The engine's own cost of a code, in points of its dimension's 10 (the highest where severity decides). */
function engineCost(code: string): number | null {
  const c = COSTS[code];
  if (typeof c === "number") return c;
  return c ? Math.max(...Object.values(c).filter((v): v is number => typeof v === "number")) : null;
}

const CODES = Object.keys(COSTS).sort();

/**
 * The account's rule settings (docs/rules.md): the preset the story criteria are read by, and codes switched off
 * or re-costed. Saved with PUT /api/v1/rules as one whole, audited; scores made afterwards record the version.
 */
export function RulesSection({ api, onChange }: { api: SettingsApi; onChange: () => void }) {
  const [saved, setSaved] = useState<RulesView | null>(null);
  const [loadError, setLoadError] = useState<SettingsApiError | null>(null);
  const [preset, setPreset] = useState<Preset>("default");
  const [codes, setCodes] = useState<Record<string, CodeSetting>>({});
  const [adding, setAdding] = useState("");
  const { pending, error, status, setStatus, run } = useApiAction<"save">();
  const hydrated = useHydrated();

  useEffect(() => {
    const controller = new AbortController();
    api
      .get<RulesView>("/api/v1/rules", {}, controller.signal)
      .then((view) => {
        setSaved(view);
        setPreset(view.preset);
        setCodes(view.codes);
      })
      .catch((reason: unknown) => {
        if (!controller.signal.aborted) setLoadError(asApiError(reason, "The rule settings could not be loaded."));
      });
    return () => controller.abort();
  }, [api]);

  function save(event: FormEvent) {
    event.preventDefault();
    void run(
      "save",
      () => api.send<RulesView>("PUT", "/api/v1/rules", { preset, codes }),
      (view) => {
        setSaved(view);
        setCodes(view.codes);
        setStatus(`Saved: scores from now on run under ${view.preset} (${view.version}).`);
        onChange();
      },
      "The rule settings could not be saved.",
    );
  }

  const change = (code: string, setting: CodeSetting) => setCodes((current) => ({ ...current, [code]: setting }));
  const remove = (code: string) =>
    setCodes((current) => {
      const next = { ...current };
      delete next[code];
      return next;
    });
  const listed = Object.keys(codes).sort();

  return (
    <section className="card settings-section rules-section" aria-labelledby="rules-heading" aria-busy={saved === null && !loadError}>
      <h2 id="rules-heading">Rules and conventions</h2>
      <p className="muted small">
        How your team reads the story criteria, and which findings count. Every score made afterwards says which settings it ran under; a
        re-score of an unchanged story is free. A ticket can silence a finding with a line <code>invest-ignore: code -- reason</code> in
        its description.
      </p>
      <ErrorAlert error={loadError} />
      <form method="post" onSubmit={save}>
        <fieldset className="rules-presets">
          <legend>Preset</legend>
          {PRESETS.map((p) => (
            <label key={p.value} className="rules-preset">
              <input type="radio" name="preset" value={p.value} checked={preset === p.value} onChange={() => setPreset(p.value)} />
              <span>
                <strong>{p.label}</strong>
                <span className="muted small"> {p.reading}</span>
              </span>
            </label>
          ))}
        </fieldset>

        <table className="settings-table card-table rules-table" role="table" aria-label="Finding codes switched off or re-costed">
          <thead>
            <tr role="row">
              <th role="columnheader" scope="col">Code</th>
              <th role="columnheader" scope="col">Reported</th>
              <th role="columnheader" scope="col">Cost (points of 10)</th>
              <th role="columnheader" scope="col">{ACTIONS_COLUMN}</th>
            </tr>
          </thead>
          <tbody>
            {listed.length === 0 ? (
              <tr role="row">
                <td role="cell" colSpan={4} className="muted card-title">
                  Every code on, at the engine&apos;s cost.
                </td>
              </tr>
            ) : (
              listed.map((code) => {
                const setting = codes[code];
                const fallback = engineCost(code);
                return (
                  <tr key={code} role="row" data-testid="rule-row">
                    <td role="cell" className="card-title wrap-anywhere">
                      <code>{code}</code>
                    </td>
                    <td role="cell" data-label="Reported">
                      <label>
                        <input
                          type="checkbox"
                          checked={setting.enabled !== false}
                          onChange={(event) => change(code, { ...setting, enabled: event.target.checked ? undefined : false })}
                        />{" "}
                        {setting.enabled === false ? "Off" : "On"}
                        <span className="sr-only"> for {code}</span>
                      </label>
                    </td>
                    <td role="cell" data-label="Cost (points of 10)">
                      <label className="sr-only" htmlFor={`cost-${code}`}>
                        Cost of {code}
                      </label>
                      <input
                        id={`cost-${code}`}
                        type="number"
                        min={1}
                        max={10}
                        step={1}
                        className="rules-cost"
                        value={setting.cost ?? ""}
                        placeholder={fallback === null ? "" : String(fallback)}
                        disabled={setting.enabled === false}
                        onChange={(event) => change(code, { ...setting, cost: event.target.value === "" ? undefined : Number(event.target.value) })}
                      />
                    </td>
                    <td role="cell" className="actions-cell">
                      <button type="button" className="button secondary" disabled={!hydrated} onClick={() => remove(code)}>
                        Reset<span className="sr-only"> {code}</span>
                      </button>
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>

        <div className="inline-form">
          <div className="field">
            <label htmlFor="rules-add">Switch off or re-cost a code</label>
            <select id="rules-add" value={adding} onChange={(event) => setAdding(event.target.value)}>
              <option value="">Choose a code…</option>
              {CODES.filter((c) => !(c in codes)).map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="button secondary"
            disabled={!adding || !hydrated}
            onClick={() => {
              change(adding, { enabled: false });
              setAdding("");
            }}
          >
            Add code
          </button>
          <button type="submit" className="button" disabled={pending === "save" || saved === null || !hydrated}>
            {pending === "save" ? "Saving…" : "Save rules"}
          </button>
        </div>
      </form>
      <ErrorAlert error={error} />
      <p className="muted small" role="status">
        {status || (saved ? `In use: ${saved.preset} (${saved.version})${saved.updated_by ? `, saved by ${saved.updated_by}` : ""}.` : "")}
      </p>
    </section>
  );
}
