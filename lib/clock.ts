// The service's notion of "now", replaceable in tests (quota months, resets, expiries).
type Clock = () => Date;
const holder = globalThis as unknown as { __sscClock?: Clock };

export function now(): Date {
  return holder.__sscClock ? holder.__sscClock() : new Date();
}

/** Tests only: pin or move time. Pass undefined to return to the real clock. */
export function setClock(clock: Clock | undefined): void {
  holder.__sscClock = clock;
}

/** `YYYY-MM` of a date in UTC: the quota month a story is counted in. */
export function utcMonth(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/** The first instant of the next UTC month: when this month's quota resets. */
export function nextUtcMonthStart(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
}
