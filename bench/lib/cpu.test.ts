import { describe, expect, it } from 'vitest';
import { mainThreadCpuMs, postgresCpuBetween, processCpuMs } from './cpu';

describe('CPU time between snapshots', () => {
  it("counts each process's time in the step, a new backend whole, and leaves out one that ended", () => {
    const before = new Map([
      [10, 100],
      [11, 5_000],
    ]);
    const after = new Map([
      [10, 130],
      [12, 7],
    ]);
    // 11 ended (an idle pool connection closed): its 5 s of earlier work must not come off the step.
    expect(postgresCpuBetween(before, after)).toBe(37);
  });

  it("reads this process's own threads, and 0 for a process that is gone", () => {
    const spent = processCpuMs(process.pid);
    expect(spent).toBeGreaterThan(0);
    expect(mainThreadCpuMs(process.pid)).toBeGreaterThan(0);
    expect(mainThreadCpuMs(process.pid)).toBeLessThanOrEqual(processCpuMs(process.pid));
    expect(processCpuMs(2 ** 22 + 1)).toBe(0);
  });
});
