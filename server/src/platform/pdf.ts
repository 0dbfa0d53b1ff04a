import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import type { Env } from '../config/env.ts';

/**
 * A PDF document with the platform's CJK font registered as `cjk` and selected: PDFKit embeds only
 * the glyphs used from it (Noto Sans CJK, SIL OFL 1.1, installed with the system; PDF_CJK_FONT and,
 * for a .ttc collection, PDF_CJK_FONT_NAME), so the text is real, selectable Chinese. `bytes`
 * resolves once `doc.end()` is called. null when the font file is missing (the caller says so).
 */
export function cjkPdf(
  env: Pick<Env, 'PDF_CJK_FONT' | 'PDF_CJK_FONT_NAME'>,
  options: PDFKit.PDFDocumentOptions,
): { doc: PDFKit.PDFDocument; bytes: Promise<Buffer> } | null {
  const font = env.PDF_CJK_FONT;
  if (!existsSync(font)) return null;
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('cjk', font, font.toLowerCase().endsWith('.ttc') ? env.PDF_CJK_FONT_NAME : undefined);
  doc.font('cjk');
  return { doc, bytes };
}
