// POSTCTL_NOW, the run's clock (bin/clock.js): the parser the CLI refuses bad values with, and the Date the
// launcher installs (run here in a child Node, since it replaces the global Date of its process).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runClockOffset } from '../../bin/clock.js';

const CLOCK = fileURLToPath(new URL('../../bin/clock.js', import.meta.url));
const REAL = Date.parse('2026-12-01T12:00:00Z');

describe('POSTCTL_NOW', () => {
  it('unset or empty: no offset', () => {
    expect(runClockOffset(undefined, REAL)).toBe(0);
    expect(runClockOffset('', REAL)).toBe(0);
  });
  it('an ISO time with a zone: the offset to that instant', () => {
    expect(runClockOffset('2026-11-28T01:00:00Z', REAL)).toBe(Date.parse('2026-11-28T01:00:00Z') - REAL);
    expect(runClockOffset('2027-12-01T13:00:00+01:00', REAL)).toBe(365 * 86_400_000);
  });
  it('a signed offset in days, hours, minutes or seconds', () => {
    expect(runClockOffset('+365d', REAL)).toBe(365 * 86_400_000);
    expect(runClockOffset('-2h', REAL)).toBe(-7_200_000);
    expect(runClockOffset('+90m', REAL)).toBe(5_400_000);
    expect(runClockOffset('+30s', REAL)).toBe(30_000);
  });
  it('anything else is a message naming the variable and the value', () => {
    for (const bad of ['noon', 'yesterday', '2026-11-28', '2026-11-28T01:00:00', '365d', '+1y', '2026-13-45T00:00:00Z'])
      expect(runClockOffset(bad, REAL), bad).toMatch(/^POSTCTL_NOW must be an ISO 8601 time .* \(got ".*"\)$/);
  });
  it('installed, it moves Date.now(), new Date() and Date() together; dates from values stay as they are', () => {
    const script = `const {installRunClock}=require(${JSON.stringify(CLOCK)});const real=Date.now();installRunClock({POSTCTL_NOW:'+365d'});
      const d=new Date();console.log(JSON.stringify({now:Date.now()-real,ctor:d.getTime()-real,str:Date.parse(Date())-real,
      fixed:new Date(0).getTime(),parse:Date.parse('2020-01-01T00:00:00Z'),utc:Date.UTC(2020,0,1),inst:d instanceof Date}))`;
    const r = JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as Record<string, number | boolean>;
    const year = 365 * 86_400_000;
    for (const k of ['now', 'ctor', 'str']) {
      expect(r[k], k).toBeGreaterThanOrEqual(year - 1000);
      expect(r[k], k).toBeLessThan(year + 5000);
    }
    expect(r).toMatchObject({ fixed: 0, parse: 1577836800000, utc: 1577836800000, inst: true });
  });
  it('an invalid value installs nothing (the CLI refuses it with exit 6)', () => {
    const script = `const {installRunClock}=require(${JSON.stringify(CLOCK)});const real=Date.now();installRunClock({POSTCTL_NOW:'noon'});console.log(Date.now()-real)`;
    expect(Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }))).toBeLessThan(5000);
  });
});

describe('the machine clock beside a moved one', () => {
  it('realNow stays the real time when POSTCTL_NOW moves the run (file mtimes, the config lock)', () => {
    const script = `const c=require(${JSON.stringify(CLOCK)});const before=Date.now();c.installRunClock({POSTCTL_NOW:'+365d'});
      console.log(JSON.stringify({real:c.realNow()-before,moved:Date.now()-before}))`;
    const r = JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as { real: number; moved: number };
    expect(r.real).toBeGreaterThanOrEqual(0);
    expect(r.real).toBeLessThan(5000);
    expect(r.moved).toBeGreaterThan(364 * 86_400_000);
  });
});
