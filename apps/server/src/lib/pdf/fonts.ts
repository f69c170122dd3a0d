import fs from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The fonts of every PDF the server makes: DejaVu Sans, embedded (only the letters used), so clients'
 * names in Cyrillic, Greek or accented Latin print as written. PDF's standard fonts (Helvetica) draw
 * Windows-1252 only, and an auditor's summary cannot show a client's name as '???'.
 */
export const FONT = { body: 'Body', bold: 'Bold', oblique: 'Oblique' } as const;

const FILES: Record<(typeof FONT)[keyof typeof FONT], string> = {
  Body: 'DejaVuSans.ttf',
  Bold: 'DejaVuSans-Bold.ttf',
  Oblique: 'DejaVuSans-Oblique.ttf',
};

const require = createRequire(import.meta.url);
let loaded: Map<string, Buffer> | undefined;

/** The font files, read once per process (each document embeds its own subset). */
function fontFiles(): Map<string, Buffer> {
  loaded ??= new Map(
    Object.entries(FILES).map(([name, file]) => [
      name,
      fs.readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`)),
    ]),
  );
  return loaded;
}

/** Registers the fonts on a new document and starts it in the body font. */
export function useFonts(doc: PDFKit.PDFDocument): void {
  for (const [name, data] of fontFiles()) doc.registerFont(name, data);
  doc.font(FONT.body);
}

/**
 * Text as the PDF draws it: control characters but the newline become spaces (a tab is drawn with no
 * width, which would join the words around it). Every PDF the server makes passes its text through here.
 */
export const drawable = (s: string): string =>
  [...s]
    .map((ch) => {
      const code = ch.charCodeAt(0);
      return code < 32 || code === 127 ? (ch === '\n' ? ch : ' ') : ch;
    })
    .join('');
