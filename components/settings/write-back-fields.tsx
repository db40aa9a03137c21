import type { WriteBackDraft } from "./trackers-format";

/** The write-back controls of the connect form and of a connection's edit form; `value.label` "" means no label. */
export function WriteBackFields({ id, value, onChange }: { id: string; value: WriteBackDraft; onChange: (next: WriteBackDraft) => void }) {
  return (
    <fieldset className="write-back-fields" aria-describedby={`${id}-hint`}>
      <legend>Write back to the tracker</legend>
      <label className="checkbox-field" htmlFor={`${id}-comment`}>
        <input id={`${id}-comment`} type="checkbox" checked={value.comment} onChange={(event) => onChange({ ...value, comment: event.target.checked })} />
        Comment the score and findings on each issue
      </label>
      <div className="field">
        <label htmlFor={`${id}-label`}>Label issues below the threshold</label>
        <input
          id={`${id}-label`}
          value={value.label}
          maxLength={50}
          pattern="[\p{L}\p{N}][\p{L}\p{N}._:\-]*"
          title="Letters, digits, '.', '_', ':' and '-'; no spaces"
          placeholder="e.g. not-ready (empty: no label)"
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onChange({ ...value, label: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-below`}>Ready threshold (%)</label>
        <input id={`${id}-below`} type="number" min={0} max={100} step={1} required value={value.below} onChange={(event) => onChange({ ...value, below: event.target.value })} />
      </div>
      <span id={`${id}-hint`} className="field-hint">
        One comment per issue, edited when its score changes; the label is added to issues scoring below the threshold and removed when they reach it
        (Jira also gets a “storyScoring” issue property). The token must be allowed to write. Turning it off, or deleting the connection, leaves
        what was written on the issues.
      </span>
    </fieldset>
  );
}

