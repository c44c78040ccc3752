// Types of bin/clock.js (plain CommonJS, shared by the launcher and the TypeScript sources).

/** The offset in ms that POSTCTL_NOW asks for against `realNow`: 0 when unset, a message when it is not a time or an offset. */
export declare function runClockOffset(raw: string | undefined, realNow: number): number | string;

/** The machine's clock in ms, whether or not POSTCTL_NOW moved the run's (to compare with file mtimes). */
export declare function realNow(): number;

/** Replaces globalThis.Date with one whose "now" is moved by POSTCTL_NOW; nothing when unset or invalid. */
export declare function installRunClock(env: Readonly<Record<string, string | undefined>>): void;
