import type { Schedule } from "./trackers-types";
import { SCHEDULES } from "./trackers-format";

/** The schedule picker of the connect form and of a connection's edit form. */
export function ScheduleField({ id, value, onChange }: { id: string; value: Schedule; onChange: (schedule: Schedule) => void }) {
  return (
    <div className="field">
      <label htmlFor={id}>Schedule</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as Schedule)}>
        {SCHEDULES.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </select>
    </div>
  );
}

