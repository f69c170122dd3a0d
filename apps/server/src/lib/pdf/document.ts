import PDFDocument from 'pdfkit';
import { FONT, drawable, useFonts } from './fonts.ts';

/**
 * A readable A4 document made with pdfkit: a title block, headings, short paragraphs, label/value lines
 * and tables that break across pages (repeating their header), with "page N of M" and a footer line on
 * every page. Shared by every PDF the server makes (scheduled reports in features/reports, evidence
 * packs in features/evidence-pack): add what another document needs here rather than drawing with pdfkit
 * beside it, so they all read alike. Owned with the scheduled reports; change it so both still render.
 *
 * Text uses the embedded fonts of fonts.ts (names print as written, in any European script); the
 * document is reproducible: its dates come from the caller, not the clock.
 */

export type PdfColumn = {
  header: string;
  /** A share of the table's width (the shares are scaled to fill it). */
  width: number;
  align?: 'left' | 'right';
};

export type PdfMeta = {
  title: string;
  /** Under the title, e.g. the period a report covers. */
  subtitle?: string;
  /** At the foot of every page, e.g. "Made 2026-03-01 06:00 UTC by Brokerdesk". */
  footer: string;
  author?: string;
  /** Epoch seconds: the document's creation date (kept out of the clock so the file is reproducible). */
  createdAt: number;
};

const MARGIN = 48;
const INK = '#1a1b1e';
const MUTED = '#5c5f66';
const RULE = '#ced4da';
const BAND = '#f1f3f5';

export class PdfDocument {
  private readonly doc: PDFKit.PDFDocument;
  private readonly done: Promise<Buffer>;

  constructor(private readonly meta: PdfMeta) {
    const created = new Date(meta.createdAt * 1000);
    this.doc = new PDFDocument({
      size: 'A4',
      margins: { top: MARGIN, bottom: MARGIN + 16, left: MARGIN, right: MARGIN },
      bufferPages: true,
      info: {
        Title: meta.title,
        Author: meta.author ?? 'Brokerdesk',
        Creator: 'Brokerdesk',
        Producer: 'Brokerdesk (pdfkit)',
        CreationDate: created,
        ModDate: created,
      },
    });
    useFonts(this.doc);
    const chunks: Buffer[] = [];
    this.doc.on('data', (c: Buffer) => chunks.push(c));
    this.done = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
    });
    this.doc.font(FONT.bold).fontSize(18).fillColor(INK).text(drawable(meta.title));
    if (meta.subtitle)
      this.doc.moveDown(0.2).font(FONT.body).fontSize(12).fillColor(MUTED).text(drawable(meta.subtitle));
    this.doc.moveDown(0.8);
  }

  private get width(): number {
    return this.doc.page.width - MARGIN * 2;
  }

  private get bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /** Starts a new page when less than `height` points are left on this one. */
  private keepSpace(height: number): void {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  heading(text: string): this {
    this.keepSpace(60);
    this.doc.moveDown(0.6).font(FONT.bold).fontSize(13).fillColor(INK).text(drawable(text), MARGIN);
    this.doc.moveDown(0.3);
    return this;
  }

  paragraph(text: string, opts: { muted?: boolean } = {}): this {
    this.doc
      .font(FONT.body)
      .fontSize(9.5)
      .fillColor(opts.muted ? MUTED : INK)
      .text(drawable(text), MARGIN, this.doc.y, { width: this.width });
    this.doc.moveDown(0.4);
    return this;
  }

  /** Label and value lines, the labels in a column of their own. */
  facts(lines: [label: string, value: string][]): this {
    const labelWidth = Math.min(260, this.width * 0.5);
    // A short block stays on one page.
    this.keepSpace(lines.length * 15);
    for (const [label, value] of lines) {
      this.keepSpace(16);
      const y = this.doc.y;
      this.doc
        .font(FONT.body)
        .fontSize(9.5)
        .fillColor(MUTED)
        .text(drawable(label), MARGIN, y, { width: labelWidth - 8 });
      const afterLabel = this.doc.y;
      this.doc
        .fillColor(INK)
        .text(drawable(value), MARGIN + labelWidth, y, { width: this.width - labelWidth });
      this.doc.y = Math.max(afterLabel, this.doc.y) + 2;
    }
    this.doc.x = MARGIN;
    this.doc.moveDown(0.3);
    return this;
  }

  /**
   * A table: a shaded header, then the rows; a row that does not fit starts a new page, which repeats
   * the header. `bold` rows (totals) are set in bold above a rule. An empty table says `empty`.
   */
  table(columns: PdfColumn[], rows: { cells: string[]; bold?: boolean }[], empty = 'None.'): this {
    if (rows.length === 0) return this.paragraph(empty, { muted: true });
    const total = columns.reduce((s, c) => s + c.width, 0);
    const widths = columns.map((c) => (c.width / total) * this.width);
    const pad = 4;
    const rowHeight = (cells: string[], font: string) => {
      this.doc.font(font).fontSize(9);
      return (
        Math.max(
          ...cells.map((cell, i) => this.doc.heightOfString(drawable(cell), { width: widths[i]! - pad * 2 })),
        ) +
        pad * 2
      );
    };
    const draw = (cells: string[], font: string, fill?: string) => {
      const h = rowHeight(cells, font);
      const y = this.doc.y;
      if (fill) this.doc.rect(MARGIN, y, this.width, h).fill(fill);
      let x = MARGIN;
      this.doc.font(font).fontSize(9).fillColor(INK);
      cells.forEach((cell, i) => {
        this.doc.text(drawable(cell), x + pad, y + pad, {
          width: widths[i]! - pad * 2,
          align: columns[i]!.align ?? 'left',
        });
        x += widths[i]!;
      });
      this.doc.y = y + h;
      return h;
    };
    const header = () =>
      draw(
        columns.map((c) => c.header),
        FONT.bold,
        BAND,
      );
    this.keepSpace(
      rowHeight(
        columns.map((c) => c.header),
        FONT.bold,
      ) + rowHeight(rows[0]!.cells, FONT.body),
    );
    header();
    for (const row of rows) {
      const font = row.bold ? FONT.bold : FONT.body;
      if (this.doc.y + rowHeight(row.cells, font) > this.bottom) {
        this.doc.addPage();
        header();
      }
      const y = this.doc.y;
      draw(row.cells, font);
      this.doc
        .moveTo(MARGIN, row.bold ? y : this.doc.y)
        .lineTo(MARGIN + this.width, row.bold ? y : this.doc.y)
        .lineWidth(row.bold ? 0.8 : 0.4)
        .strokeColor(row.bold ? MUTED : RULE)
        .stroke();
    }
    this.doc.x = MARGIN;
    this.doc.moveDown(0.6);
    return this;
  }

  /** Writes the page numbers and footers and answers the file. */
  async toBuffer(): Promise<Buffer> {
    const range = this.doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      this.doc.switchToPage(i);
      const y = this.doc.page.height - MARGIN;
      // Below the bottom margin: lift it for the footer so that pdfkit does not start a new page.
      this.doc.page.margins.bottom = 0;
      this.doc.font(FONT.body).fontSize(8).fillColor(MUTED);
      this.doc.text(drawable(this.meta.footer), MARGIN, y, { width: this.width * 0.75, lineBreak: false });
      this.doc.text(`Page ${i + 1 - range.start} of ${range.count}`, MARGIN, y, {
        width: this.width,
        align: 'right',
        lineBreak: false,
      });
    }
    this.doc.end();
    return this.done;
  }
}
