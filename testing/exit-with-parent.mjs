// Preloaded into every process a test starts (vitest.config.mts puts it in NODE_OPTIONS): when the process that started
// this one is gone, this one stops too. A test run stopped from outside (a kill of vitest, a CI job cancelled) kills its
// workers but not what they started, and a server or a queue worker left running then polls a dropped test database for
// hours (twenty-first session: an orphaned `scripts/worker.ts`, parent 1, for two hours).
//
// Gone means either of two things, looked at every second:
// - this process's parent pid has changed: its parent died and it was handed to init or a subreaper;
// - the nearest process above it that loads this file (its pid is passed down in TEST_STARTER_PID) no longer runs: that
//   covers a process started through a shell or npm, whose own parent is still there, and one whose parent died before
//   this file was loaded (its parent pid is then already init's, with nothing to compare).
// It is then asked to stop as an operator would (SIGTERM: running jobs finish, an embedded database's lock is released),
// and made to ten seconds later. Production processes do not load this: a service manager may start them from a parent
// that exits.
import { readFileSync } from "node:fs";

const parent = process.ppid;
const starter = Number(process.env.TEST_STARTER_PID) || 0;
process.env.TEST_STARTER_PID = String(process.pid);

/** Whether a process runs: it exists, and (Linux) is no zombie, dead and not yet reaped. */
function runs(pid) {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if (error.code !== "EPERM") return false;
  }
  try {
    return !/\) [ZX] /.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return true;
  }
}

function gone() {
  return process.ppid !== parent || (starter > 0 && !runs(starter));
}

function stop() {
  setTimeout(() => process.exit(1), 10_000).unref();
  process.kill(process.pid, "SIGTERM");
}

if (gone()) stop();
else {
  const watch = setInterval(() => {
    if (!gone()) return;
    clearInterval(watch);
    stop();
  }, 1_000);
  watch.unref();
}
