import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 300)));
page.on('pageerror', (e) => console.log('pageerror', e.message));
await page.goto('http://127.0.0.1:4414/admin#' + (process.argv[2] ?? 'pages/home/fr.yaml'));
await page.waitForTimeout(4000);
await page.screenshot({ path: '/tmp/admin.png' });
await browser.close();
