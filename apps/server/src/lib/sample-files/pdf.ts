/** A line of text on a PDF page, placed from the top-left corner in points. */
export type PdfText = { x: number; y: number; text: string; size?: number; bold?: boolean };
/** A filled rectangle, from the top-left corner in points; gray 0 (black) to 1 (white). */
export type PdfBox = { x: number; y: number; w: number; h: number; gray: number };
export type PdfPage = { texts: PdfText[]; boxes?: PdfBox[] };

const WIDTH = 595;
const HEIGHT = 842;

/**
 * A small A4 PDF of text and boxes in the standard Helvetica fonts (nothing embedded, no scripts, no
 * forms): enough for sample statements and the stand-in eKYC report.
 */
export function makePdf(pages: PdfPage[], title: string): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  const pageIds = pages.map((_, i) => 6 + i * 2);
  add(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`);
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  add(`<< /Title ${pdfString(title)} /Producer (Brokerdesk) >>`);
  for (const [i, page] of pages.entries()) {
    const content = pageContent(page);
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${WIDTH} ${HEIGHT}] ` +
        `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`,
    );
    add(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`);
  }
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (const [i, body] of objects.entries()) {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

function pageContent(page: PdfPage): string {
  const ops: string[] = [];
  for (const b of page.boxes ?? []) ops.push(`${b.gray} g ${b.x} ${HEIGHT - b.y - b.h} ${b.w} ${b.h} re f`);
  ops.push('0 g');
  for (const t of page.texts) {
    const size = t.size ?? 11;
    ops.push(
      `BT /${t.bold ? 'F2' : 'F1'} ${size} Tf ${t.x} ${HEIGHT - t.y - size} Td ${pdfString(t.text)} Tj ET`,
    );
  }
  return ops.join('\n');
}

/** A literal string in WinAnsi (Latin-1); characters beyond it become '?'. */
function pdfString(text: string): string {
  const latin = [...text].map((ch) => (ch.charCodeAt(0) < 256 && ch.length === 1 ? ch : '?')).join('');
  return `(${latin.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[\r\n]/g, ' ')})`;
}
