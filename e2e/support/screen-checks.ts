import AxeBuilder from '@axe-core/playwright';
import type { Role } from '@depot/contract';
import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, demoEmail } from '../../apps/server/src/demo/demo-business';

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 375, height: 812 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Logs in as a demo account of the seeded business (e2e global setup), through the API. */
export async function logInAsDemo(page: Page, name: string, role: Role) {
  const response = await page.request.post('/auth/login', {
    data: { email: demoEmail(name), password: DEMO_PASSWORD },
  });
  expect(response.ok(), `${role} ${name} logs in`).toBe(true);
}

/**
 * Collects serious and critical axe violations and sideways scrolling across screens, so one run of
 * a role's walk reports every problem at once; `expectNoProblems` fails the test at the end.
 */
export class ScreenChecks {
  readonly problems: string[] = [];

  constructor(private readonly page: Page) {}

  /**
   * Checks what is on screen now at both window sizes and in both colour schemes. `ready` must be
   * visible (data loaded) at each size; `dialog` limits axe to the open dialog, whose content is the
   * same at both sizes, so there it runs at desktop size only.
   */
  async check(label: string, ready: () => Locator, { dialog = false } = {}) {
    for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
      await this.page.setViewportSize(VIEWPORTS[viewport]);
      await expect(ready(), `${label} shows its content (${viewport})`).toBeVisible();
      await expect(this.page.locator('[role="status"][aria-label^="Loading"]')).toHaveCount(0);
      await this.settle();
      await this.expectNoHorizontalScroll(`${label} (${viewport})`);
      if (dialog && viewport === 'phone') continue;
      // Every rule in the light scheme; the dark one changes only colours, so only contrast again.
      await this.scan(`${label} (${viewport}, light)`, 'all', dialog);
      await this.useScheme('dark');
      await this.settle();
      await this.scan(`${label} (${viewport}, dark)`, 'contrast', dialog);
      await this.useScheme('light');
    }
    await this.page.setViewportSize(VIEWPORTS.desktop);
  }

  /**
   * Waits for every finite transition and animation to end: axe would measure a fading dialog, or a
   * toast sliding in over the text, halfway through and report a blended colour. Spinners and other
   * endless animations never end, so they are left out.
   */
  private async settle() {
    await this.page.waitForFunction(() =>
      document.getAnimations().every((animation) => {
        if (animation.playState !== 'running') return true;
        const iterations = animation.effect?.getComputedTiming().iterations;
        return iterations === Number.POSITIVE_INFINITY;
      }),
    );
  }

  expectNoProblems() {
    expect(this.problems, 'accessibility and layout problems').toEqual([]);
  }

  private async expectNoHorizontalScroll(where: string) {
    const { scrollWidth, innerWidth } = await this.page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    if (scrollWidth > innerWidth) {
      this.problems.push(`${where}: scrolls sideways (${scrollWidth} px wide in ${innerWidth} px)`);
    }
  }

  /** What the colour-scheme toggle does, minus the stored choice: Mantine's CSS follows this attribute. */
  private async useScheme(scheme: 'light' | 'dark') {
    await this.page.evaluate((value) => {
      document.documentElement.setAttribute('data-mantine-color-scheme', value);
    }, scheme);
  }

  private async scan(where: string, rules: 'all' | 'contrast', dialog: boolean) {
    // Legacy mode runs axe in the page itself rather than finishing each run in a new blank page;
    // the app has no frames. Rows and cards past the tenth repeat the ones before them.
    let builder = new AxeBuilder({ page: this.page })
      .setLegacyMode()
      .exclude('tbody > tr:nth-child(n+11)')
      .exclude('ul > li:nth-child(n+11)');
    builder = rules === 'all' ? builder.withTags(WCAG_TAGS) : builder.withRules(['color-contrast']);
    if (dialog) builder = builder.include('[role="dialog"]');
    const { violations } = await builder.analyze();
    for (const violation of violations) {
      if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
      const nodes = violation.nodes
        .slice(0, 4)
        .map(
          (node) =>
            `${node.target.join(' ')}${node.failureSummary ? ` [${oneLine(node.failureSummary)}]` : ''}`,
        );
      this.problems.push(`${where}: ${violation.id} (${violation.impact}) ${nodes.join('; ')}`);
    }
  }
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').slice(0, 160);
