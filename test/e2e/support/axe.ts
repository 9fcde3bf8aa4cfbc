import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core, injected into a page to check it: contrast, names, roles. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: unknown }[];
}

/** axe's serious and critical violations on a page, or within the elements `include` selects. */
export async function seriousViolations(
  page: Page,
  include?: string,
): Promise<{ id: string; impact: string | null; targets: unknown[] }[]> {
  // Evaluated through the DevTools protocol: extension pages' CSP refuses injected script tags.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (context) => {
    const axe = (
      globalThis as unknown as { axe: { run(context: unknown): Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    return (await axe.run(context ?? document)).violations;
  }, include ?? null);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target),
    }));
}
