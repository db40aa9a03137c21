import type { SettingsApiError } from "./api-client";

/** An API error as the API worded it: its message, then each detail. Announced as soon as it appears. */
export function ErrorAlert({ error }: { error: SettingsApiError | null }) {
  if (!error) return null;
  return (
    <div className="alert error settings-error" role="alert">
      <p>{error.message}</p>
      {error.details.length ? (
        <ul>
          {error.details.map((detail, index) => (
            <li key={index}>{detail}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
