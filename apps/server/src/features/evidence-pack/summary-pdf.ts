import PDFDocument from 'pdfkit';
import { FONT, drawable, useFonts } from '../../lib/pdf/fonts.ts';
import type { Column, Row, Section } from './sections.ts';

/** What the title block says: the subject in words, and the one line under it. */
export type SummaryHeading = { title: string; subtitle: string; createdAt: number };

const MARGIN = 45;
const BODY = 8.5;
const SMALL = 7.5;
/** A cell is cut here in the summary (data.json keeps all of it), so one row never outgrows a page. */
const CELL_CHARS = 500;

const cut = (s: string) => (s.length > CELL_CHARS ? `${s.slice(0, CELL_CHARS - 1)}…` : s);

/**
 * summary.pdf, drawn with pdfkit section by section as the rows arrive: each batch of rows is drawn and
 * the PDF bytes made so far are handed on, so a long table is never held whole (pdfkit writes a page
 * out when the next one starts). Tables repeat their header on every page; every page carries the
 * subject and its number.
 */
export async function* summaryPdf(heading: SummaryHeading, sections: Section[]): AsyncGenerator<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + 12, left: MARGIN, right: MARGIN },
    info: { Title: heading.title, Author: 'Brokerdesk', CreationDate: new Date(heading.createdAt * 1000) },
  });
  useFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const take = () => chunks.splice(0, chunks.length);
  let page = 1;
  const footer = () => {
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(FONT.body)
      .fontSize(SMALL)
      .fillColor('#666666')
      .text(`${drawable(heading.title)}  -  page ${page}`, MARGIN, doc.page.height - MARGIN, {
        width: doc.page.width - 2 * MARGIN,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
    doc.fillColor('black').x = MARGIN;
    doc.y = doc.page.margins.top;
  };
  doc.on('pageAdded', () => {
    page++;
    footer();
  });
  footer();

  doc.font(FONT.bold).fontSize(16).text(drawable(heading.title));
  doc.moveDown(0.2).font(FONT.body).fontSize(BODY).fillColor('#444444').text(drawable(heading.subtitle));
  doc.fillColor('black').moveDown(0.8);

  for (const section of sections) {
    sectionTitle(doc, section);
    let any = false;
    let table: TableDrawer | undefined;
    for await (const batch of section.rows()) {
      for (const row of batch) {
        any = true;
        if (section.shape === 'fields') fieldLines(doc, section.fields(row));
        else (table ??= new TableDrawer(doc, section.title, section.columns)).row(row);
      }
      yield* take();
    }
    if (!any)
      doc.font(FONT.oblique).fontSize(BODY).fillColor('#555555').text(section.empty).fillColor('black');
    doc.moveDown(1);
    yield* take();
  }
  doc.end();
  await ended;
  yield* take();
}

function sectionTitle(doc: PDFKit.PDFDocument, section: Section): void {
  // A title never sits alone at the foot of a page.
  if (doc.y > doc.page.height - doc.page.margins.bottom - 80) doc.addPage();
  doc.x = MARGIN;
  doc.font(FONT.bold).fontSize(12).fillColor('#1f3a5f').text(drawable(section.title));
  doc.fillColor('black');
  if (section.note)
    doc.font(FONT.body).fontSize(SMALL).fillColor('#555555').text(drawable(section.note)).fillColor('black');
  doc.moveDown(0.4);
}

function fieldLines(doc: PDFKit.PDFDocument, fields: [string, string][]): void {
  const labelWidth = 150;
  const valueWidth = doc.page.width - 2 * MARGIN - labelWidth - 10;
  for (const [name, value] of fields) {
    const shown = drawable(cut(value || '-'));
    doc.font(FONT.body).fontSize(BODY);
    const valueHeight = doc.heightOfString(shown, { width: valueWidth });
    const labelHeight = doc.font(FONT.bold).heightOfString(drawable(name), { width: labelWidth });
    const h = Math.max(valueHeight, labelHeight);
    if (doc.y + h > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const y = doc.y;
    doc.font(FONT.bold).fillColor('#333333').text(drawable(name), MARGIN, y, { width: labelWidth });
    doc
      .font(FONT.body)
      .fillColor('black')
      .text(shown, MARGIN + labelWidth + 10, y, { width: valueWidth });
    doc.x = MARGIN;
    doc.y = y + h + 2;
  }
}

/** One table: columns sized by their share of the page's width, the header again on each new page. */
class TableDrawer {
  private readonly xs: number[] = [];
  private readonly widths: number[] = [];
  private striped = false;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly title: string,
    private readonly columns: Column[],
  ) {
    const total = columns.reduce((s, c) => s + c.width, 0);
    const room = doc.page.width - 2 * MARGIN;
    let x = MARGIN;
    for (const c of columns) {
      const w = (room * c.width) / total;
      this.xs.push(x);
      this.widths.push(w);
      x += w;
    }
    this.header();
  }

  row(row: Row): void {
    const cells = this.columns.map((c) => drawable(cut(c.cell(row))));
    this.draw(cells, FONT.body, () => {
      // A table that goes on over pages says whose rows these are at the top of each.
      this.doc
        .font(FONT.bold)
        .fontSize(SMALL)
        .fillColor('#1f3a5f')
        .text(`${drawable(this.title)} (continued)`);
      this.doc.fillColor('black').moveDown(0.2);
      this.header();
    });
  }

  private header(): void {
    this.striped = false;
    this.draw(
      this.columns.map((c) => c.header),
      FONT.bold,
      () => undefined,
      '#e8edf3',
    );
  }

  private draw(cells: string[], font: string, onNewPage: () => void, fill?: string): void {
    const { doc } = this;
    doc.font(font).fontSize(SMALL);
    const h =
      Math.max(...cells.map((c, i) => doc.heightOfString(c || ' ', { width: this.widths[i]! - 6 }))) + 5;
    if (doc.y + h > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      onNewPage();
      doc.font(font).fontSize(SMALL);
    }
    const y = doc.y;
    const background = fill ?? (this.striped ? '#f6f7f9' : undefined);
    this.striped = !this.striped;
    if (background)
      doc
        .rect(MARGIN, y, doc.page.width - 2 * MARGIN, h)
        .fill(background)
        .fillColor('black');
    cells.forEach((c, i) => doc.text(c, this.xs[i]! + 3, y + 2.5, { width: this.widths[i]! - 6 }));
    doc.x = MARGIN;
    doc.y = y + h;
  }
}
