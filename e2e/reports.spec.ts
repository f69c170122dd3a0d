import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { calls } from '@brokerdesk/contract';
import { apiOf } from './support/api.ts';
import { ADMIN, expect, test } from './support/fixtures.ts';

const pdfjs = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

/**
 * A PDF's pages as PNG files, drawn by pdf.js in the browser (no tool outside node_modules): a page at a
 * made-up address serves pdf.js and the file, draws each page on a canvas at 2x, and each canvas is saved.
 */
async function pdfPagesToPng(browser: Browser, pdf: Buffer, outDir: string): Promise<string[]> {
  const page = await browser.newPage();
  const files: Record<string, { body: Buffer | string; type: string }> = {
    '/': {
      type: 'text/html',
      body: `<!doctype html><body style="margin:0;background:#888"><script type="module">
        import * as pdfjsLib from '/pdf.mjs';
        pdfjsLib.GlobalWorkerOptions.workerSrc = '/pdf.worker.mjs';
        const doc = await pdfjsLib.getDocument({ url: '/report.pdf', standardFontDataUrl: '/standard_fonts/' }).promise;
        for (let i = 1; i <= doc.numPages; i++) {
          const p = await doc.getPage(i);
          const viewport = p.getViewport({ scale: 2 });
          const canvas = document.createElement('canvas');
          canvas.width = viewport.width; canvas.height = viewport.height; canvas.className = 'page';
          canvas.style.display = 'block'; canvas.style.marginBottom = '8px';
          document.body.append(canvas);
          await p.render({ canvas, viewport }).promise;
        }
        document.body.dataset.done = String(doc.numPages);
      </script></body>`,
    },
    '/pdf.mjs': { type: 'text/javascript', body: fs.readFileSync(path.join(pdfjs, 'build/pdf.mjs')) },
    '/pdf.worker.mjs': {
      type: 'text/javascript',
      body: fs.readFileSync(path.join(pdfjs, 'build/pdf.worker.mjs')),
    },
    '/report.pdf': { type: 'application/pdf', body: pdf },
  };
  await page.route('http://pdf.render/**', (route) => {
    const url = new URL(route.request().url());
    const font = url.pathname.startsWith('/standard_fonts/')
      ? { type: 'application/octet-stream', body: fs.readFileSync(path.join(pdfjs, url.pathname)) }
      : undefined;
    const file = files[url.pathname] ?? font;
    return file ? route.fulfill({ contentType: file.type, body: file.body }) : route.fulfill({ status: 404 });
  });
  await page.goto('http://pdf.render/');
  await expect(page.locator('body')).toHaveAttribute('data-done', /\d+/, { timeout: 20_000 });
  const canvases = page.locator('canvas.page');
  const out: string[] = [];
  for (let i = 0; i < (await canvases.count()); i++) {
    const file = path.join(outDir, `report-page-${i + 1}.png`);
    await canvases.nth(i).screenshot({ path: file });
    out.push(file);
  }
  await page.close();
  return out;
}

/**
 * /reports (docs/product.md [screen.reports]) at 1366x768: a SYSOP subscribes a staff member to the
 * monthly report, runs it now for last month, finds it in the history and downloads its PDF, whose
 * pages are drawn to PNG and read as finance staff would read them.
 */
test.describe('scheduled reports', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('subscribe, run now for last month, see it in the history and download its PDF', async ({
    page,
    signIn,
    server,
    browser,
  }, testInfo) => {
    await signIn(page);
    const api = await apiOf(page);
    // A subscription left by an earlier run of this spec on a kept database ends first.
    for (const s of (await api.call(calls.reports.listReportSubscriptions)).subscriptions)
      if (s.staffEmail === ADMIN.email && s.frequency === 'monthly' && s.cancelledAt === null)
        await api.call(calls.reports.cancelReportSubscription, { params: { id: s._id } });

    await page.getByRole('link', { name: 'Reports' }).click();
    await expect(page).toHaveURL(/\/reports$/);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    const form = page.getByRole('dialog', { name: 'Subscribe to a report' });
    await form.getByLabel('Staff member').click();
    await page.getByRole('option', { name: new RegExp(ADMIN.email.replace(/[.]/g, '\\.')) }).click();
    await form.getByLabel('Report').click();
    await page.getByRole('option', { name: 'Monthly' }).click();
    await form.getByLabel('Time zone').fill('Europe/London');
    await page.getByRole('option', { name: 'Europe/London', exact: true }).click();
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form).toBeHidden();
    const subscriptions = page.getByRole('table', { name: 'Subscriptions' });
    const row = subscriptions
      .getByRole('row')
      .filter({ hasText: ADMIN.email })
      .filter({ hasText: 'Monthly' });
    await expect(row).toContainText('Europe/London');

    const before = server.smtp.count();
    await row.getByRole('button', { name: 'Run now' }).click();
    const run = page.getByRole('dialog', { name: 'Run a report now' });
    const lastMonth = new Date();
    lastMonth.setUTCDate(1);
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    await run.getByLabel('A day of the period').fill(lastMonth.toISOString().slice(0, 10));
    await run.getByRole('button', { name: 'Run now' }).click();
    await expect(run).toBeHidden({ timeout: 30_000 });
    const label = lastMonth.toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const mail = await server.smtp.next(ADMIN.email, before);
    expect(mail.subject).toBe(`Brokerdesk monthly report: ${label}`);

    const history = page.getByRole('table', { name: 'Report history' });
    const kept = history.getByRole('row').filter({ hasText: label }).first();
    await expect(kept).toContainText('sent');
    await expect(kept).toContainText('Run now by Sofia');
    await page.screenshot({ path: testInfo.outputPath('reports-1366.png') });
    // Nothing sticks out sideways at a laptop's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    const downloading = page.waitForEvent('download');
    await kept.getByRole('button', { name: `Download the PDF of ${label}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^brokerdesk-monthly-\d{4}-\d{2}\.pdf$/);
    const pdf = fs.readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await pdfPagesToPng(browser, pdf, testInfo.outputPath());
    expect(pages.length).toBeGreaterThan(0);
  });
});
