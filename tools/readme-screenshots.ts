import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { DEMO_SYSOP } from './demo/demo-staff.ts';

/**
 * `node --import tsx tools/readme-screenshots.ts` (after `npm run build:web`): the README's pictures,
 * taken as a newcomer sees the console after `npm start`: the embedded database with its demo data, the
 * demo SYSOP signed in with the code from the development outbox, 1440x900. Writes
 * docs/screenshots/dashboard.png and docs/screenshots/deposits.png.
 */
const root = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bd-shots-'));
const port = 18000 + Math.floor(Math.random() * 2000);
const base = `http://127.0.0.1:${port}`;
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: String(port),
  DATA_DIR: dataDir,
  METRICS_PORT: 'off',
  LOG_LEVEL: 'warn',
};
delete env.SMTP_URL;
delete env.DATABASE_URL;
const server = spawn(process.execPath, ['--import', 'tsx', 'tools/demo/start.ts'], { cwd: root, env });
await new Promise<void>((resolve, reject) => {
  let out = '';
  server.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    if (out.includes('Brokerdesk is running at')) resolve();
  });
  server.on('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
});

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(DEMO_SYSOP.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_SYSOP.password);
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await page.waitForURL(/\/confirm-login$/);
  const outbox = (await (await fetch(`${base}/api/dev/outbox`)).json()) as { mails: { text: string }[] };
  const code = /\b(\d{6})\b/.exec(outbox.mails.map((m) => m.text).join('\n'))?.[1];
  if (!code) throw new Error('no sign-in code in the development outbox');
  for (const [i, digit] of [...code].entries()) await page.getByLabel(`Digit ${i + 1}`).fill(digit);
  await page.waitForURL(/\/users\/new$/);

  await page.goto(`${base}/`);
  await page.getByText('Approved money, last').first().waitFor();
  await page.waitForTimeout(1500); // the chart's entry animation
  await page.screenshot({ path: path.join(root, 'docs/screenshots/dashboard.png') });

  await page.goto(`${base}/deposit-requests/pending`);
  await page.locator('table tbody tr').nth(5).waitFor();
  await page.screenshot({ path: path.join(root, 'docs/screenshots/deposits.png') });
} finally {
  await browser.close();
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
