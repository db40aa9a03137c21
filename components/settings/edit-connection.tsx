"use client";

import { useState, type FormEvent } from "react";
import type { SettingsApi } from "./api-client";
import { ErrorAlert } from "./error-alert";
import { ScheduleField } from "./schedule-field";
import { QUERY_HINTS, TOKEN_LABELS, writeBackBody, writeBackForm } from "./trackers-format";
import type { Connection, Schedule } from "./trackers-types";
import { useApiAction } from "./use-api-action";
import { WriteBackFields } from "./write-back-fields";
import { useHydrated } from "@/components/use-hydrated";

/** Change a connection's name, query, schedule and write-back, and optionally replace its token. */
export function EditConnection({
  api,
  connection,
  onSaved,
  onCancel,
}: {
  api: SettingsApi;
  connection: Connection;
  onSaved: (connection: Connection) => void;
  onCancel: () => void;
}) {
  const { pending, error, run } = useApiAction<"save">();
  const hydrated = useHydrated();
  const [name, setName] = useState(connection.name);
  const [query, setQuery] = useState(connection.query);
  const [schedule, setSchedule] = useState<Schedule>(connection.schedule);
  const [email, setEmail] = useState("");
  const [token, setToken] = useState("");
  const [writeBack, setWriteBack] = useState(writeBackForm(connection.write_back));
  const id = connection.id;
  const hint = QUERY_HINTS[connection.kind];

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body: Record<string, unknown> = {};
    if (name.trim() !== connection.name) body.name = name.trim();
    if (query.trim() !== connection.query) body.query = query.trim();
    if (schedule !== connection.schedule) body.schedule = schedule;
    if (token) body.credentials = connection.kind === "jira" && email.trim() ? { email: email.trim(), token } : { token };
    const nextWriteBack = writeBackBody(writeBack);
    if (JSON.stringify(nextWriteBack) !== JSON.stringify(connection.write_back)) body.write_back = nextWriteBack;
    if (Object.keys(body).length === 0) return onCancel();
    void run("save", () => api.send<Connection>("PATCH", `/api/v1/connections/${encodeURIComponent(id)}`, body), onSaved, "Could not save the connection.");
  };

  return (
    <form className="tracker-form edit" method="post" onSubmit={save}>
      <div className="field">
        <label htmlFor={`tracker-name-${id}`}>Name</label>
        <input id={`tracker-name-${id}`} value={name} required maxLength={100} autoComplete="off" autoFocus onChange={(event) => setName(event.target.value)} />
      </div>
      <div className="field wide">
        <label htmlFor={`tracker-query-${id}`}>{hint.label}</label>
        <input
          id={`tracker-query-${id}`}
          value={query}
          required
          maxLength={2000}
          aria-describedby={`tracker-query-hint-${id}`}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setQuery(event.target.value)}
        />
        <span id={`tracker-query-hint-${id}`} className="field-hint">
          {hint.hint}
        </span>
      </div>
      <ScheduleField id={`tracker-schedule-${id}`} value={schedule} onChange={setSchedule} />
      {connection.kind === "jira" ? (
        <div className="field">
          <label htmlFor={`tracker-email-${id}`}>New account email</label>
          <input id={`tracker-email-${id}`} type="email" value={email} maxLength={320} autoComplete="off" placeholder="unchanged" onChange={(event) => setEmail(event.target.value)} />
        </div>
      ) : null}
      <div className="field">
        <label htmlFor={`tracker-token-${id}`}>New {TOKEN_LABELS[connection.kind].toLowerCase()}</label>
        <input
          id={`tracker-token-${id}`}
          type="password"
          value={token}
          maxLength={4096}
          autoComplete="new-password"
          placeholder="unchanged"
          onChange={(event) => setToken(event.target.value)}
        />
      </div>
      <WriteBackFields id={`tracker-write-back-${id}`} value={writeBack} onChange={setWriteBack} />
      <div className="form-actions">
        <button type="submit" className="button small-button" disabled={pending !== null || !hydrated}>
          {pending === "save" ? "Saving…" : "Save"}
        </button>
        <button type="button" className="button secondary small-button" disabled={!hydrated} onClick={onCancel}>
          Cancel
        </button>
      </div>
      <ErrorAlert error={error} />
    </form>
  );
}
