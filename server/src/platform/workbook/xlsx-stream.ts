import { StringDecoder } from 'node:string_decoder';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import type { ZipPart } from './zip-guard.ts';

// A streaming reader of the first sheet of an xlsx whose parts zip-guard has checked: each part
// inflates (yauzl) chunk by chunk into a SAX parser, rows come out one at a time, and other requests run
// between chunks. (exceljs's own stream reader decodes each chunk on its own and breaks Chinese
// characters that straddle two chunks: "批量题" came out as "批��题" in 1 of 1,000 rows.)

export interface StreamRow {
  /** the row number Excel shows */
  number: number;
  /** cell text by column number (1 = A), as exceljs's cell text gave it */
  cells: Map<number, string>;
}

type Events = { open?: (tag: SaxesTagPlain) => void; text?: (text: string) => void; close?: (name: string) => void };

/** Feeds one part through a SAX parser; yields between chunks so handlers can hand rows out. */
async function* parsePart(part: ZipPart, on: Events): AsyncGenerator<void> {
  const parser = new SaxesParser();
  let error: Error | undefined;
  parser.on('error', (e) => {
    error = e;
  });
  if (on.open) parser.on('opentag', on.open);
  if (on.text) parser.on('text', on.text);
  if (on.close) parser.on('closetag', (tag) => on.close?.(tag.name));
  const stream = await part.open();
  // one decoder for the whole part: a character split between two chunks stays whole
  const decoder = new StringDecoder('utf8');
  for await (const chunk of stream) {
    parser.write(decoder.write(chunk as Buffer));
    if (error) throw error;
    yield;
  }
  parser.write(decoder.end());
  parser.close();
  if (error) throw error;
}

async function drain(gen: AsyncGenerator<void>): Promise<void> {
  for await (const _ of gen);
}

const local = (name: string) => name.slice(name.indexOf(':') + 1);

/** Built-in number formats that show dates or times (ECMA-376 18.8.30). */
const DATE_FORMAT_IDS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58,
]);
/**
 * Whether a number format shows a date or time: y m d h s outside "quoted text", \-escapes and
 * [colour/condition] sections. A scanner: `/\[[^\]]*\]/g` was quadratic on a run of `[` (the
 * format code comes from the uploaded file; issue 38 item 1).
 */
function isDateFormatCode(code: string): boolean {
  let plain = '';
  let closes = { '"': true, ']': true };
  for (let i = 0; i < code.length; i++) {
    const c = code[i];
    const close = c === '"' ? '"' : c === '[' ? ']' : undefined;
    if (c === '\\') i++;
    else if (close && closes[close]) {
      const end = code.indexOf(close, i + 1);
      // an unclosed one is text, and so is every later one (no second search to the end)
      if (end < 0) {
        closes = { ...closes, [close]: false };
        plain += c;
      } else i = end;
    } else plain += c;
  }
  return /[ymdhs]/i.test(plain);
}

/** Style index → "shows a date" from styles.xml. */
async function readDateStyles(part: ZipPart | undefined): Promise<boolean[]> {
  if (!part) return [];
  const custom = new Map<number, string>();
  const styles: boolean[] = [];
  let inCellXfs = false;
  const xfFormats: number[] = [];
  await drain(
    parsePart(part, {
      open: (tag) => {
        const name = local(tag.name);
        if (name === 'numFmt') custom.set(Number(tag.attributes.numFmtId), String(tag.attributes.formatCode ?? ''));
        else if (name === 'cellXfs') inCellXfs = true;
        else if (name === 'xf' && inCellXfs) xfFormats.push(Number(tag.attributes.numFmtId ?? 0));
      },
      close: (name) => {
        if (local(name) === 'cellXfs') inCellXfs = false;
      },
    }),
  );
  for (const id of xfFormats) styles.push(DATE_FORMAT_IDS.has(id) || (custom.has(id) && isDateFormatCode(custom.get(id) ?? '')));
  return styles;
}

/** The shared string table: the text of each <si>, phonetic runs left out. */
async function readSharedStrings(part: ZipPart | undefined): Promise<string[]> {
  if (!part) return [];
  const strings: string[] = [];
  let current: string[] | null = null;
  let inText = false;
  let inPhonetic = false;
  await drain(
    parsePart(part, {
      open: (tag) => {
        const name = local(tag.name);
        if (name === 'si') current = [];
        else if (name === 'rPh') inPhonetic = true;
        else if (name === 't' && !inPhonetic) inText = true;
      },
      text: (text) => {
        if (inText && current) current.push(text);
      },
      close: (name) => {
        const n = local(name);
        if (n === 't') inText = false;
        else if (n === 'rPh') inPhonetic = false;
        else if (n === 'si' && current) {
          strings.push(current.join(''));
          current = null;
        }
      },
    }),
  );
  return strings;
}

/** The first sheet's part name (workbook order) and whether dates count from 1904. */
async function firstSheet(parts: Map<string, ZipPart>): Promise<{ path: string | undefined; date1904: boolean }> {
  let rid: string | undefined;
  let date1904 = false;
  const workbook = parts.get('xl/workbook.xml');
  if (workbook)
    await drain(
      parsePart(workbook, {
        open: (tag) => {
          const name = local(tag.name);
          if (name === 'workbookPr') date1904 = ['1', 'true'].includes(String(tag.attributes.date1904 ?? ''));
          else if (name === 'sheet' && rid === undefined)
            rid = String(Object.entries(tag.attributes).find(([k]) => local(k) === 'id')?.[1] ?? '');
        },
      }),
    );
  let target: string | undefined;
  const rels = parts.get('xl/_rels/workbook.xml.rels');
  if (rid && rels)
    await drain(
      parsePart(rels, {
        open: (tag) => {
          if (local(tag.name) === 'Relationship' && tag.attributes.Id === rid) target = String(tag.attributes.Target ?? '');
        },
      }),
    );
  const path = target ? (target.startsWith('/') ? target.slice(1) : `xl/${target}`) : undefined;
  if (path && parts.has(path)) return { path, date1904 };
  // no usable workbook part: the lowest-numbered sheet
  const sheets = [...parts.keys()].filter((k) => /^xl\/worksheets\/sheet\d+\.xml$/.test(k));
  sheets.sort((a, b) => Number(/\d+/.exec(a.slice(14))?.[0]) - Number(/\d+/.exec(b.slice(14))?.[0]));
  return { path: sheets[0], date1904 };
}

const columnOf = (ref: string): number => {
  let n = 0;
  for (const ch of ref.toUpperCase()) {
    const c = ch.charCodeAt(0);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return n;
};

/** An Excel serial day as yyyy-MM-dd (dates are calendar days: UTC midnight). */
function serialToDate(serial: number, date1904: boolean): string {
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
  return new Date(epoch + Math.round(serial * 86_400_000)).toISOString().slice(0, 10);
}

/**
 * The rows of the first sheet, one at a time. `undefined` when the workbook has no sheet.
 * Cell text: shared and inline strings as written, numbers as JavaScript prints them, numbers
 * in a date format as yyyy-MM-dd, booleans as true/false, formulas by their cached result.
 */
export async function openFirstSheet(parts: Map<string, ZipPart>): Promise<AsyncGenerator<StreamRow> | undefined> {
  const { path, date1904 } = await firstSheet(parts);
  if (!path) return undefined;
  const sheet = parts.get(path) as ZipPart;
  const strings = await readSharedStrings(parts.get('xl/sharedStrings.xml'));
  const dateStyles = await readDateStyles(parts.get('xl/styles.xml'));
  return (async function* rows() {
    const ready: StreamRow[] = [];
    let row: StreamRow | null = null;
    let lastRow = 0;
    let lastCol = 0;
    let cell: { col: number; type: string; style: number; value: string; inline: string[] } | null = null;
    let inValue = false;
    let inInline = false;
    let inInlineText = false;
    const textOf = (c: NonNullable<typeof cell>): string => {
      switch (c.type) {
        case 's':
          return strings[Number(c.value)] ?? '';
        case 'inlineStr':
          return c.inline.join('');
        case 'str':
        case 'e':
          return c.value;
        case 'd':
          // an ISO date cell (rare; Excel itself writes serial numbers)
          return c.value.slice(0, 10);
        case 'b':
          return c.value === '' ? '' : String(c.value === '1' || c.value === 'true');
        default: {
          if (c.value === '') return '';
          const n = Number(c.value);
          if (Number.isNaN(n)) return c.value;
          return dateStyles[c.style] ? serialToDate(n, date1904) : String(n);
        }
      }
    };
    const events = parsePart(sheet, {
      open: (tag) => {
        const name = local(tag.name);
        if (name === 'row') {
          lastRow = tag.attributes.r ? Number(tag.attributes.r) : lastRow + 1;
          lastCol = 0;
          row = { number: lastRow, cells: new Map() };
        } else if (name === 'c' && row) {
          lastCol = tag.attributes.r ? columnOf(String(tag.attributes.r)) : lastCol + 1;
          cell = { col: lastCol, type: String(tag.attributes.t ?? 'n'), style: Number(tag.attributes.s ?? 0), value: '', inline: [] };
        } else if (name === 'v' && cell) inValue = true;
        else if (name === 'is' && cell) inInline = true;
        else if (name === 't' && inInline) inInlineText = true;
      },
      text: (text) => {
        if (!cell) return;
        if (inValue) cell.value += text;
        else if (inInlineText) cell.inline.push(text);
      },
      close: (name) => {
        const n = local(name);
        if (n === 'v') inValue = false;
        else if (n === 'is') inInline = false;
        else if (n === 't') inInlineText = false;
        else if (n === 'c' && cell && row) {
          const text = textOf(cell);
          if (text !== '') row.cells.set(cell.col, text);
          cell = null;
        } else if (n === 'row' && row) {
          ready.push(row);
          row = null;
        }
      },
    });
    for await (const _ of events) {
      while (ready.length) yield ready.shift() as StreamRow;
    }
    while (ready.length) yield ready.shift() as StreamRow;
  })();
}
