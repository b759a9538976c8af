/**
 * @module
 * Core Web Vitals of a public page, measured where the Performance tab loads it: a same-origin
 * frame 375 px wide (issue 33, item 5: the admin screen's own figures said nothing about what
 * visitors get). Read from the frame's own performance timeline with the browser's observers
 * (`buffered`, so what happened before the frame was observed counts): TTFB from the navigation
 * entry, FCP from the paint entries, LCP from the last largest-contentful-paint entry, CLS as the
 * largest session window of layout shifts (as web-vitals counts it), FID from a first input if the
 * page gets one (a frame nobody touches reports none).
 */
import type { VitalValues } from "./web-vitals-report";

export interface LayoutShift {
  startTime: number;
  value: number;
  hadRecentInput: boolean;
}

/** Shifts within 1 s of each other and within 5 s of the window's first form one session. */
const SESSION_GAP_MS = 1000;
const SESSION_LENGTH_MS = 5000;

/** CLS: the largest sum of one session window of shifts not caused by input; 0 without any. */
export function cumulativeLayoutShift(shifts: readonly LayoutShift[]): number {
  let largest = 0;
  let sessionValue = 0;
  let sessionStart = Number.NEGATIVE_INFINITY;
  let previous = Number.NEGATIVE_INFINITY;
  const counted = shifts
    .filter((shift) => !shift.hadRecentInput)
    .sort((a, b) => a.startTime - b.startTime);
  for (const shift of counted) {
    const continues =
      shift.startTime - previous < SESSION_GAP_MS &&
      shift.startTime - sessionStart < SESSION_LENGTH_MS;
    if (continues) {
      sessionValue += shift.value;
    } else {
      sessionValue = shift.value;
      sessionStart = shift.startTime;
    }
    previous = shift.startTime;
    largest = Math.max(largest, sessionValue);
  }
  return largest;
}

type FrameWindow = Window & typeof globalThis;

/**
 * Starts measuring the page in `frameWindow` (loaded, same origin). `onChange` gets every update;
 * the returned function stops the observers.
 */
export function observePageVitals(
  frameWindow: Window,
  onChange: (values: VitalValues) => void,
): () => void {
  const frame = frameWindow as FrameWindow;
  const values: VitalValues = {};
  const shifts: LayoutShift[] = [];
  const navigation = frame.performance.getEntriesByType("navigation")[0] as
    | PerformanceNavigationTiming
    | undefined;
  if (navigation && navigation.responseStart > 0) values.TTFB = navigation.responseStart;

  const observers: PerformanceObserver[] = [];
  const observe = (type: string, take: (entries: PerformanceEntryList) => void) => {
    try {
      const observer = new frame.PerformanceObserver((list) => {
        take(list.getEntries());
        onChange({ ...values });
      });
      observer.observe({ type, buffered: true });
      observers.push(observer);
    } catch {
      // A browser without this entry type reports that metric as not measured.
    }
  };
  observe("paint", (entries) => {
    const paint = entries.find((entry) => entry.name === "first-contentful-paint");
    if (paint) values.FCP = paint.startTime;
  });
  observe("largest-contentful-paint", (entries) => {
    const last = entries.at(-1);
    if (last) values.LCP = last.startTime;
  });
  // No shift at all is a CLS of 0, where the browser can see shifts.
  if (frame.PerformanceObserver.supportedEntryTypes?.includes("layout-shift")) values.CLS = 0;
  observe("layout-shift", (entries) => {
    shifts.push(...(entries as unknown as LayoutShift[]));
    values.CLS = cumulativeLayoutShift(shifts);
  });
  observe("first-input", (entries) => {
    const first = entries[0] as PerformanceEventTiming | undefined;
    if (first && values.FID === undefined) values.FID = first.processingStart - first.startTime;
  });
  onChange({ ...values });
  return () => {
    for (const observer of observers) observer.disconnect();
  };
}
