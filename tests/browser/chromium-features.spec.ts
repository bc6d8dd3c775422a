import { expect, test } from '@playwright/test';
import { disabledFeatures } from './support/chromium-features.ts';

test("the browser runs without the features of support/chromium-features.ts, Playwright's own among them", async ({ page }) => {
  await page.goto('chrome://version');
  const commandLine = (await page.locator('#command_line').textContent()) ?? '';
  const lists = [...commandLine.matchAll(/--disable-features=(\S+)/g)].map((m) => m[1]!.split(','));
  // Playwright's list comes first, the config's last; Chromium applies the last one alone.
  expect(lists).toHaveLength(2);
  expect(lists[1]).toEqual(disabledFeatures);
  expect(lists[1]).toEqual(expect.arrayContaining(lists[0]!));
});
