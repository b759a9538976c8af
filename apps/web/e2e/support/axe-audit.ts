/**
 * @module
 * The axe-core audit every journey runs. The script is injected through the DevTools protocol
 * (`page.evaluate`), which the page's CSP does not govern.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { auditsAccessibility } from "./engines";

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

type AxeViolation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown }[];
};

export interface ReportedViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/**
 * Runs axe-core on the page as it is now (open dialogs included): every rule, or only the rules
 * named in `rules` (a cheaper second look, e.g. contrast at another width). On PostgreSQL it finds
 * nothing without looking: audits run on the embedded database only (see engines.ts).
 */
export async function collectAxeViolations(
  page: Page,
  rules?: readonly string[],
): Promise<ReportedViolation[]> {
  if (!auditsAccessibility) return [];
  // axe-core is ~550 KB of script: parse it once per document (a page audited again without a
  // navigation, e.g. after opening a dialog, still has it).
  const loaded = await page.evaluate(
    () => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === "function",
  );
  if (!loaded) await page.evaluate(axeSource);
  return page.evaluate(async (runOnly) => {
    // A link that just became (or stopped being) the current one fades its colours: measured
    // mid-transition, its contrast is neither the old nor the new one. Audit the settled page.
    // (A spinner's endless animation is left out: it never finishes.)
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    );
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context?: Document,
            options?: { runOnly: string[] },
          ) => Promise<{ violations: AxeViolation[] }>;
        };
      }
    ).axe;
    const result = runOnly ? await axe.run(document, { runOnly }) : await axe.run();
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => JSON.stringify(node.target)),
    }));
  }, rules?.slice());
}
