import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
let fails = 0;
for (let i = 0; i < 12; i++) {
  const ctx = await b.newContext();
  const p = await ctx.newPage();
  const logs = [];
  p.on('console', (m) => logs.push(m.type() + ' ' + m.text().slice(0, 200)));
  p.on('pageerror', (e) => logs.push('PAGEERROR ' + e.message));
  await p.goto('http://localhost:5055/');
  await p.getByRole('button', { name: 'Sign in', exact: true }).click();
  try { await p.getByRole('dialog', { name: 'Technician Access' }).getByLabel('Username').waitFor({ timeout: 5000 }); }
  catch { fails++; console.log(await p.evaluate(() => JSON.stringify({ mark: performance.getEntriesByName('wrenchly:hydrate')[0]?.startTime, load: performance.getEntriesByType('navigation')[0].loadEventStart, fiber: Object.keys(document.querySelector('header button') || {}).filter(k => k.startsWith('__react')) }))); console.log('FAIL', i, logs.join(' | ')); console.log(await p.locator('header').innerHTML().then(h => h.slice(0, 200))); }
  await ctx.close();
}
console.log('fails', fails);
await b.close();
