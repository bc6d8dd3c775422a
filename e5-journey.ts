import { chromium } from '@playwright/test';
const URL = 'http://127.0.0.1:4408';
const shot = (name: string) => `/tmp/e5-shots/${name}.png`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1440, height: 900 } });
const page = await context.newPage();
const errors: string[] = [];
page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
page.on('pageerror', (e) => errors.push(`pageerror ${e.message}`));
page.on('response', (r) => r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`));
const step = process.argv[2] ?? 'open';
await page.goto(`${URL}/admin#pages/home/de.yaml`);
await page.locator('#root_sections_0_title').waitFor({ timeout: 60000 });
await page.waitForTimeout(1500);
if (process.argv[3] === 'discard') {
  await page.getByRole('button', { name: 'Änderungen verwerfen' }).click();
  await page.waitForTimeout(1500);
}
if (step === 'open') {
  await page.screenshot({ path: shot('1-open') });
  console.log(await page.locator('nav.nav').innerText());
}
if (step === 'hero') {
  const t = page.locator('#root_sections_0_title');
  console.log('title value:', await t.inputValue());
  await t.press('End');
  await t.type(' jetzt', { delay: 50 });
  await page.waitForTimeout(1500);
  await page.screenshot({ path: shot('2-hero') });
  console.log('status:', await page.getByRole('status').innerText());
  console.log('frame h1:', await page.frameLocator('iframe').locator('h1').first().innerText());
  console.log('reads:', await page.locator('.reads-as').allInnerTexts());
}
if (step === 'faq') {
  await page.locator('nav.nav').getByRole('link', { name: 'Häufig gestellte Fragen — /faq' }).click();
  await page.waitForTimeout(2500);
  await page.screenshot({ path: shot('3a-faq'), fullPage: false });
  const add = page.locator('#root_sections_0_items > button.add, #root_sections_0_items > .add-kind button').first();
  console.log('add buttons:', await page.getByRole('button', { name: /^\+ / }).allInnerTexts());
  await add.click();
  await page.waitForTimeout(2000);
  const last = page.locator('details.item[open]').last();
  await last.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('3b-faq-added') });
  console.log('alerts:', await page.getByRole('alert').allInnerTexts(), 'status:', await page.getByRole('status').innerText());
}
if (step === 'price') {
  await page.locator('nav.nav').getByRole('link', { name: 'Zahlen und Einstellungen' }).click();
  await page.waitForTimeout(2500);
  const price = page.locator('#root_constants_plans_standard_price');
  await price.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('4a-price') });
  await price.fill('19,90');
  await page.waitForTimeout(3000);
  await page.screenshot({ path: shot('4b-price-changed') });
  console.log('alerts:', await page.getByRole('alert').allInnerTexts(), 'status:', await page.getByRole('status').innerText());
}
if (step === 'create') {
  await page.locator('details.new-page > summary').click();
  await page.locator('details.new-page select').nth(1).selectOption('faq');
  await page.locator('details.new-page input').fill('Webinar Herbst');
  await page.screenshot({ path: shot('5a-create') });
  await page.locator('details.new-page button').click();
  await page.waitForTimeout(3000);
  await page.screenshot({ path: shot('5b-created') });
  console.log('status:', await page.getByRole('status').innerText(), 'file:', await page.locator('.bar .file').innerText());
}
if (step === 'error') {
  const t = page.locator('#root_sections_0_title');
  await t.fill('');
  await page.waitForTimeout(2500);
  await page.screenshot({ path: shot('6a-error') });
  await page.getByRole('button', { name: 'Speichern' }).click();
  await page.waitForTimeout(2000);
  await page.screenshot({ path: shot('6b-error-save') });
  console.log('alerts:', await page.getByRole('alert').allInnerTexts(), 'status:', await page.getByRole('status').innerText());
  await page.getByRole('button', { name: 'Änderungen verwerfen' }).click();
  await page.waitForTimeout(1500);
}
if (step === 'locale') {
  await page.locator('nav.nav').getByRole('link', { name: 'Texte der Oberfläche (Deutsch)' }).click();
  await page.waitForTimeout(3000);
  await page.screenshot({ path: shot('7-locale') });
  const labels = await page.locator('main.form label, main.form legend').allInnerTexts();
  console.log('labels:', labels.length, 'spelled-out english-looking:', labels.filter((l) => /^[A-Z][a-z]+( [a-z]+)+$/.test(l)).slice(0, 30));
  await page.locator('nav.nav').getByRole('link', { name: 'Zahlen und Einstellungen' }).click();
  await page.waitForTimeout(3000);
  const labels2 = await page.locator('main.form label, main.form legend').allInnerTexts();
  console.log('site labels:', labels2.length, labels2.filter((l) => /^[A-Z][a-z]+( [a-z]+)+$/.test(l)).slice(0, 30));
  await page.screenshot({ path: shot('7-site') });
}
console.log('console errors:', errors);
await browser.close();
