import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** axe-core, injected into a page to check it: contrast, names, roles. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: unknown }[];
}

/** A page of either driver: Playwright's (Chromium) and puppeteer's (Firefox) both evaluate an expression. */
interface Evaluates {
  evaluate(expression: string): Promise<unknown>;
}

/** axe's serious and critical violations on a page, or within the elements `include` selects. */
export async function seriousViolations(
  page: Evaluates,
  include?: string,
): Promise<{ id: string; impact: string | null; targets: unknown[] }[]> {
  // Evaluated by the driver, as an expression: extension pages' CSP refuses injected script tags.
  const violations = (await page.evaluate(
    `${AXE_SOURCE}\n;axe.run(${include ? JSON.stringify(include) : 'document'}).then((result) => result.violations)`,
  )) as AxeViolation[];
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target),
    }));
}
