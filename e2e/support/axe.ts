import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

/** One axe-core finding, as much of it as a failure message needs. */
export type AxeViolation = {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: string[]; html: string; failureSummary?: string }[];
};

const require = createRequire(import.meta.url);
let source: string | undefined;

/**
 * Run axe-core on the page as it is now and give back its violations. The console's CSP forbids inline
 * scripts, so axe is not added as a <script>; page.evaluate runs its source through the DevTools
 * protocol, which the CSP does not govern.
 */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  source ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  // A modal still fading in is half transparent: axe would judge the contrast of a passing frame.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(source);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({ target: n.target, html: n.html, failureSummary: n.failureSummary })),
    }));
  });
}

/** Only what the issue fails on: serious and critical. */
export function blocking(violations: readonly AxeViolation[]): AxeViolation[] {
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** A readable list of violations for a failure message. */
export function describeViolations(where: string, violations: readonly AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `${where}: [${v.impact}] ${v.id} — ${v.help}\n` +
        v.nodes
          .slice(0, 5)
          .map((n) => `    ${n.target.join(' ')}  ${n.html.slice(0, 160)}`)
          .join('\n'),
    )
    .join('\n');
}
