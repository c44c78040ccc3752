import { describe, expect, it } from 'vitest';
import { plainLine, progressInterval } from '../../src/output/progress.js';

describe('plain progress lines', () => {
  it('done/total, percent, rate and ETA', () => {
    expect(plainLine('uploading', 1200, 6000, 5)).toBe('uploading: 1,200/6,000 (20%), 240/s, ETA 20s');
    expect(plainLine('uploading', 30, 6000, 10)).toBe('uploading: 30/6,000 (0%), 3.0/s, ETA 33m10s');
    expect(plainLine('validating', 500, undefined, 2)).toBe('validating: 500, 250/s');
    expect(plainLine('uploading', 6000, 6000, 30)).toBe('uploading: 6,000/6,000 (100%), 200/s');
  });

  it('POSTCTL_PROGRESS_INTERVAL: seconds, 0 allowed, junk is exit 2 naming the variable', () => {
    expect(progressInterval({})).toBe(10);
    expect(progressInterval({ POSTCTL_PROGRESS_INTERVAL: '1' })).toBe(1);
    expect(progressInterval({ POSTCTL_PROGRESS_INTERVAL: '0' })).toBe(0);
    expect(() => progressInterval({ POSTCTL_PROGRESS_INTERVAL: 'soon' })).toThrow(/POSTCTL_PROGRESS_INTERVAL must be a number/);
  });
});
