import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The serious and critical violations on the page as it is now, one line per element: rule, target and help.
 *
 * Legacy mode runs axe in the page itself (frames included); the default mode finishes every scan in a new blank tab,
 * to keep cross-origin frames apart (our pages have none), which doubled the time of a scan. Only violations are read,
 * so axe is told to keep the details of nothing else.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${violation.help}`,
      ),
    );
}
