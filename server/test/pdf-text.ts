import { inflateSync } from 'node:zlib';

/**
 * The text of a result PDF: PDFKit writes each glyph as a 4-digit hex code of the embedded font
 * and maps codes to Unicode in the font's ToUnicode CMap; both are in deflated streams.
 */
export function pdfText(pdf: Buffer): string {
  const streams: string[] = [];
  let from = 0;
  for (;;) {
    const start = pdf.indexOf('stream\n', from);
    if (start < 0) break;
    const end = pdf.indexOf('\nendstream', start);
    try {
      streams.push(inflateSync(pdf.subarray(start + 7, end)).toString('latin1'));
    } catch {
      // not deflated (or not a stream): nothing to read here
    }
    from = end + 10;
  }
  const unicode = new Map<number, string>();
  for (const s of streams.filter((x) => x.includes('beginbfrange')))
    for (const m of s.matchAll(/<([0-9a-f]{4})> <[0-9a-f]{4}> \[([^\]]*)\]/g)) {
      const first = Number.parseInt(m[1], 16);
      [...m[2].matchAll(/<([0-9a-f ]+)>/g)].forEach((e, i) => {
        unicode.set(first + i, String.fromCharCode(...e[1].split(' ').map((h) => Number.parseInt(h, 16))));
      });
    }
  const lines: string[] = [];
  for (const s of streams.filter((x) => x.includes('TJ')))
    for (const m of s.matchAll(/\[([^\]]*)\] TJ/g))
      lines.push(
        [...m[1].matchAll(/<([0-9a-f]+)>/g)]
          .map((h) => (h[1].match(/.{4}/g) ?? []).map((c) => unicode.get(Number.parseInt(c, 16)) ?? '').join(''))
          .join(''),
      );
  return lines.join('\n');
}
