// The clock of a run. POSTCTL_NOW moves the whole process's clock: an ISO 8601
// time (the run starts at that instant, and time passes as usual from there) or
// an offset from the real time (+365d, -2h, +90m, +30s). It exists to rehearse a
// cron job at another time against the emulator (whose own clock the same
// variable moves, so OAuth timestamps and "the last 5 days" agree on both sides)
// and to prove that examples and tests do not depend on today's date.
//
// Every date in postctl comes from Date (Date.now(), new Date()), so the
// launcher replaces the global Date before any bundle is loaded: one switch
// covers every module without threading a clock through each. Dates built from
// a value (new Date(ms), Date.parse, Date.UTC) are untouched; monotonic timers
// (setTimeout, performance.now) are not clocks of the calendar and stay real.
//
// Plain CommonJS: the launcher (bin/postctl.js) requires it before any bundle;
// the TypeScript sources import the same parser (bin/clock.d.ts) to refuse a bad
// value with exit 6 (src/entry/run-verb.ts).
'use strict';

const UNIT_MS = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000 };

/**
 * The offset in ms that POSTCTL_NOW asks for against `realNow`: 0 when unset,
 * a message (a string) when it is neither an ISO time nor a signed offset.
 */
function runClockOffset(raw, realNow) {
  if (raw === undefined || raw === '') return 0;
  const rel = /^([+-])(\d{1,10})([dhms])$/.exec(raw);
  if (rel) return (rel[1] === '-' ? -1 : 1) * Number(rel[2]) * UNIT_MS[rel[3]];
  const at = Date.parse(raw);
  // A zone is required: a zone-less time would mean the machine's, which a cron host and a laptop do not share.
  if (/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/.test(raw) && !Number.isNaN(at)) return at - realNow;
  return `POSTCTL_NOW must be an ISO 8601 time with a zone such as 2026-11-28T01:00:00Z, or an offset such as +365d, -2h, +90m (got ${JSON.stringify(raw)})`;
}

// The machine's own clock, kept where every bundle finds it: the one time that may be compared with what the
// kernel stamps (a file's mtime, as the config lock does), which stays real when the run's clock moves.
const REAL_NOW = Symbol.for('postctl.realNow');

/** The machine's clock in ms, whether or not POSTCTL_NOW moved the run's. */
function realNow() {
  return (globalThis[REAL_NOW] ?? Date.now)();
}

/** Replaces globalThis.Date with one whose "now" is moved by POSTCTL_NOW; nothing when unset or invalid. */
function installRunClock(env) {
  const offset = runClockOffset(env.POSTCTL_NOW, Date.now());
  if (typeof offset !== 'number' || offset === 0) return;
  const Real = Date;
  Object.defineProperty(globalThis, REAL_NOW, { value: Real.now, configurable: true });
  const now = () => Real.now() + offset;
  // A function, not a class: Date() called without new returns now as a string, as the real one does.
  function RunDate(...args) {
    if (!new.target) return new Real(now()).toString();
    return Reflect.construct(Real, args.length === 0 ? [now()] : args, new.target);
  }
  RunDate.prototype = Real.prototype;
  Object.defineProperties(RunDate, {
    now: { value: now, writable: true, configurable: true },
    parse: { value: Real.parse, writable: true, configurable: true },
    UTC: { value: Real.UTC, writable: true, configurable: true },
  });
  globalThis.Date = RunDate;
}

module.exports = { runClockOffset, installRunClock, realNow };
