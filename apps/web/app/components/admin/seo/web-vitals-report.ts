/**
 * @module
 * How Core Web Vitals are rated and reported (site spec, section 9): thresholds good / poor of
 * LCP 2500 / 4000 ms, FID 100 / 300 ms, CLS 0.1 / 0.25, FCP 1800 / 3000 ms and TTFB 800 / 1800
 * ms; scores 100, 60 and 20 for good, needs-improvement and poor. The values are measured on a
 * public page (page-vitals.ts).
 */

import { type AdminTranslator, adminEnglish } from "../../../i18n/admin/translator";

export const vitalThresholds = {
  LCP: { good: 2500, poor: 4000 },
  FID: { good: 100, poor: 300 },
  CLS: { good: 0.1, poor: 0.25 },
  FCP: { good: 1800, poor: 3000 },
  TTFB: { good: 800, poor: 1800 },
} as const;

export type VitalName = keyof typeof vitalThresholds;
export const vitalNames = Object.keys(vitalThresholds) as VitalName[];
export type VitalRating = "good" | "needs-improvement" | "poor";

export const ratingScores: Record<VitalRating, number> = {
  good: 100,
  "needs-improvement": 60,
  poor: 20,
};

export function rateVital(name: VitalName, value: number): VitalRating {
  const threshold = vitalThresholds[name];
  if (value <= threshold.good) return "good";
  if (value <= threshold.poor) return "needs-improvement";
  return "poor";
}

export type VitalValues = Partial<Record<VitalName, number>>;

/** The mean of the measured metrics' scores; null before anything is measured. */
export function overallScore(values: VitalValues): number | null {
  const scores = vitalNames
    .filter((name) => values[name] !== undefined)
    .map((name) => ratingScores[rateVital(name, values[name] as number)]);
  if (scores.length === 0) return null;
  return Math.round(scores.reduce((sum, score) => sum + score, 0) / scores.length);
}

/** The advice for a vital that is not good, in the admin's language (English by default). */
export function recommendationsFor(
  values: VitalValues,
  t: AdminTranslator["t"] = adminEnglish.t,
): string[] {
  return vitalNames
    .filter((name) => {
      const value = values[name];
      return value !== undefined && rateVital(name, value) !== "good";
    })
    .map((name) => t(`perf.recommend.${name}`));
}

export function formatVital(name: VitalName, value: number): string {
  return name === "CLS" ? value.toFixed(3) : `${Math.round(value)} ms`;
}
