import { describe, expect, it } from "vitest";
import { cumulativeLayoutShift } from "./page-vitals";

const shift = (startTime: number, value: number, hadRecentInput = false) => ({
  startTime,
  value,
  hadRecentInput,
});

describe("cumulativeLayoutShift", () => {
  it("is 0 without shifts, and the sum of one burst", () => {
    expect(cumulativeLayoutShift([])).toBe(0);
    expect(cumulativeLayoutShift([shift(100, 0.05), shift(600, 0.02)])).toBeCloseTo(0.07);
  });

  it("takes the largest session window: a gap over 1 s or a window over 5 s starts a new one", () => {
    // 0.1 + 0.1, then a 1.5 s gap, then 0.15: the first window is the largest.
    expect(cumulativeLayoutShift([shift(0, 0.1), shift(900, 0.1), shift(2400, 0.15)])).toBeCloseTo(
      0.2,
    );
    // Shifts every 0.9 s for 6 s: the window closes at 5 s.
    const steady = [0, 900, 1800, 2700, 3600, 4500, 5400].map((at) => shift(at, 0.01));
    expect(cumulativeLayoutShift(steady)).toBeCloseTo(0.06);
  });

  it("leaves out shifts right after the visitor's input, in any order given", () => {
    expect(
      cumulativeLayoutShift([shift(500, 0.3, true), shift(200, 0.02), shift(100, 0.01)]),
    ).toBeCloseTo(0.03);
  });
});
