// Group commit: items that arrive while a statement runs are written together by the next one. Used by the
// synchronous score path (lib/stories/billing-group.ts) and by async acceptance (lib/jobs/accept.ts).
import { isDatabaseUnavailable } from "@/lib/http/errors";

/** How a kind of item is written: all together, or (when the group statement fails) each on its own. */
export interface GroupWriter<Item, Result> {
  /** One statement for the whole group, all-or-nothing; answers one result per item, in order. */
  writeGroup(items: Item[]): Promise<Result[]>;
  /** One item on its own: after a failed group, every item is decided like this (and may be refused alone). */
  writeOne(item: Item): Promise<Result>;
  /** Called after a write that stored something (a group, or one item). */
  afterWrite?(): void;
}

interface Pending<Item, Result> {
  item: Item;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

/** Queues items and writes them in groups of at most `maxGroup`, at most `maxInFlight` statements at a time. */
export class GroupCommit<Item, Result> {
  private pending: Pending<Item, Result>[] = [];
  private inFlight = 0;

  constructor(
    private readonly writer: GroupWriter<Item, Result>,
    private readonly maxInFlight: number,
    private readonly maxGroup: number,
  ) {}

  add(item: Item): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.inFlight >= this.maxInFlight || this.pending.length === 0) return;
    this.inFlight++;
    // Let the requests already in this turn of the event loop join the group.
    setImmediate(() => {
      const group = this.pending.splice(0, this.maxGroup);
      void this.write(group).finally(() => {
        this.inFlight--;
        this.schedule();
      });
    });
  }

  private async write(group: Pending<Item, Result>[]): Promise<void> {
    if (group.length === 0) return;
    if (group.length > 1) {
      try {
        const results = await this.writer.writeGroup(group.map((p) => p.item));
        group.forEach((p, i) => p.resolve(results[i]));
        this.writer.afterWrite?.();
        return;
      } catch (error) {
        // The database is away: each item on its own would fail the same way, one after another (the last
        // after all the others' waits); every request of the group answers 503 now instead.
        if (isDatabaseUnavailable(error)) {
          for (const p of group) p.reject(error);
          return;
        }
        // Nothing of the group was written: decide each item on its own, below.
      }
    }
    for (const p of group) {
      try {
        p.resolve(await this.writer.writeOne(p.item));
        this.writer.afterWrite?.();
      } catch (error) {
        p.reject(error);
      }
    }
  }
}
