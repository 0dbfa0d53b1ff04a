import { posix } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { dropTags, parseBlankAnswer, QType } from '@xuetu/contract';
import yazl from 'yazl';
import type { ZipPart } from '../../../../platform/workbook/index.ts';
import {
  type BankQuestion,
  BLANK_MARK,
  htmlToText,
  type InterchangeQuestion,
  LETTERS,
  NO_REFERENCE,
  nameOf,
  type ParsedBank,
  QUESTION_TEXT_MAX,
  RefuseReason,
} from './model.ts';
import { child, descendants, elements, escapeXml, innerXml, parseXml, textOf, type XmlElement } from './xml.ts';

// IMS QTI 2.1 content packages (IMS QTI v2.1 "Item" and "Integration" guides): imsmanifest.xml lists
// resources of type imsqti_item_xmlv2p1, each an assessmentItem whose itemBody holds the question
// text and one interaction. choiceInteraction → single/multiple (true/false when its choices are
// `true`/`false`), textEntryInteraction(s) → fill-in, extendedTextInteraction → essay; every other
// interaction is refused. Directories travel as the resource's LOM classification, difficulty as
// LOM educational/difficulty, the score as SCORE's normalMaximum.

const QTI_NS = 'http://www.imsglobal.org/xsd/imsqti_v2p1';
const TAXON_SOURCE = '学途题库目录';
const DIFFICULTY = ['very easy', 'easy', 'medium', 'difficult', 'very difficult'];
const REFUSED_INTERACTIONS: Record<string, string> = {
  matchInteraction: RefuseReason.matching,
  associateInteraction: RefuseReason.matching,
  graphicAssociateInteraction: RefuseReason.matching,
  orderInteraction: RefuseReason.ordering,
  graphicOrderInteraction: RefuseReason.ordering,
  gapMatchInteraction: RefuseReason.dragdrop,
  graphicGapMatchInteraction: RefuseReason.dragdrop,
  positionObjectInteraction: RefuseReason.dragdrop,
  inlineChoiceInteraction: RefuseReason.select,
  hotspotInteraction: RefuseReason.hotspot,
  selectPointInteraction: RefuseReason.hotspot,
  hottextInteraction: RefuseReason.hotspot,
  uploadInteraction: RefuseReason.upload,
};

async function readPart(part: ZipPart): Promise<Buffer> {
  return buffer(await part.open());
}

interface Declaration {
  cardinality: string;
  correct: string[];
  mapped: { key: string; value: number }[];
}

function declarations(item: XmlElement): Map<string, Declaration> {
  const out = new Map<string, Declaration>();
  for (const d of elements(item, 'responseDeclaration'))
    out.set(d.attrs.identifier ?? '', {
      cardinality: d.attrs.cardinality ?? 'single',
      correct: elements(child(d, 'correctResponse'), 'value').map((v) => textOf(v)),
      mapped: elements(child(d, 'mapping'), 'mapEntry').map((e) => ({
        key: e.attrs.mapKey ?? '',
        value: Number(e.attrs.mappedValue ?? 0),
      })),
    });
  return out;
}

/** One item read into the bank's shape, or why it cannot be. */
function readItem(
  item: XmlElement,
  base: Pick<InterchangeQuestion, 'index' | 'category' | 'difficulty'>,
  imageRef: (src: string) => string,
): InterchangeQuestion | { refused: string; name: string } {
  const body = child(item, 'itemBody');
  const title = item.attrs.title ?? '';
  if (!body) return { refused: RefuseReason.description, name: nameOf(title, '') };
  const interactions: XmlElement[] = [];
  const walk = (el: XmlElement) => {
    for (const c of elements(el)) c.local.endsWith('Interaction') ? interactions.push(c) : walk(c);
  };
  walk(body);
  const decl = declarations(item);
  const fix = (el: XmlElement): string | undefined => {
    if (el.local === 'img') {
      const src = el.attrs.src ?? '';
      return `<img src="${escapeXml(imageRef(src))}" alt="${escapeXml(el.attrs.alt ?? '')}">`;
    }
    if (el.local === 'object' && /^image\//.test(el.attrs.type ?? ''))
      return `<img src="${escapeXml(imageRef(el.attrs.data ?? ''))}" alt="">`;
    if (el.local === 'rubricBlock' || el.local === 'feedbackInline' || el.local === 'feedbackBlock') return '';
    if (el.local === 'textEntryInteraction') return '（）';
    if (el.local === 'choiceInteraction' || el.local === 'extendedTextInteraction') {
      const prompt = child(el, 'prompt');
      return prompt ? `<p>${innerXml(prompt, fix)}</p>` : '';
    }
    return undefined;
  };
  const qName = innerXml(body, fix).trim();
  if (qName.length > QUESTION_TEXT_MAX)
    return { refused: RefuseReason.tooLong(QUESTION_TEXT_MAX), name: nameOf(title, qName.slice(0, 200)) };
  const name = nameOf(title, qName);
  const analysis = elements(item, 'modalFeedback')
    .map((f) => innerXml(f, fix).trim())
    .join('');
  const score = Number(elements(item, 'outcomeDeclaration').find((o) => o.attrs.identifier === 'SCORE')?.attrs.normalMaximum);
  const common = { ...base, name, qName, analysis, score: Number.isFinite(score) && score > 0 ? score : undefined };
  const kinds = new Set(interactions.map((i) => i.local));
  const refusedKind = [...kinds].find((k) => k !== 'choiceInteraction' && k !== 'textEntryInteraction' && k !== 'extendedTextInteraction');
  if (!interactions.length) return { refused: RefuseReason.description, name };
  if (refusedKind) return { refused: REFUSED_INTERACTIONS[refusedKind] ?? RefuseReason.other(refusedKind), name };
  if (kinds.size > 1 || (!kinds.has('textEntryInteraction') && interactions.length > 1)) return { refused: RefuseReason.mixed, name };
  const first = interactions[0];
  const d = decl.get(first.attrs.responseIdentifier ?? '');
  if (first.local === 'choiceInteraction') {
    const choices = elements(first, 'simpleChoice');
    if (choices.length > 9) return { refused: RefuseReason.tooManyOptions(choices.length), name };
    const ids = choices.map((c) => c.attrs.identifier ?? '');
    const right = new Set([...(d?.correct ?? []), ...(d?.mapped.filter((m) => m.value > 0).map((m) => m.key) ?? [])]);
    if (!ids.some((id) => right.has(id))) return { refused: RefuseReason.noRightAnswer, name };
    if (ids.length === 2 && ids[0].toLowerCase() === 'true' && ids[1].toLowerCase() === 'false')
      return { ...common, qType: QType.Judge, options: [], answer: right.has(ids[0]) ? 'A' : 'B' };
    const multiple = d?.cardinality === 'multiple' || first.attrs.maxChoices !== '1';
    return {
      ...common,
      qType: multiple ? QType.Multiple : right.size === 1 ? QType.Single : QType.Multiple,
      options: choices.map((c) => htmlToText(innerXml(c, fix))),
      answer: ids.map((id, i) => (right.has(id) ? LETTERS[i] : '')).join(''),
    };
  }
  if (first.local === 'extendedTextInteraction')
    return { ...common, qType: QType.Essay, options: [], answer: (d?.correct.join('\n') ?? '').trim() || NO_REFERENCE };
  const blanks: string[] = [];
  for (const i of interactions) {
    const di = decl.get(i.attrs.responseIdentifier ?? '');
    const alts = [...new Set([...(di?.correct ?? []), ...(di?.mapped.filter((m) => m.value > 0).map((m) => m.key) ?? [])])]
      .map((a) => a.trim())
      .filter(Boolean);
    if (!alts.length) return { refused: RefuseReason.noRightAnswer, name };
    blanks.push(alts.join('|'));
  }
  return { ...common, qType: QType.Blank, options: [], answer: JSON.stringify(blanks) };
}

/** Directory path and difficulty from a resource's LOM metadata. */
function resourceMeta(resource: XmlElement): { category: string[]; difficulty?: number } {
  const lom = descendants(resource, 'lom')[0];
  if (!lom) return { category: [] };
  const path = descendants(lom, 'taxonPath').find((t) => textOf(child(t, 'source')).trim() === TAXON_SOURCE);
  const category = path ? elements(path, 'taxon').map((t) => textOf(child(t, 'entry')).trim()) : [];
  const level = DIFFICULTY.indexOf(textOf(child(descendants(lom, 'difficulty')[0], 'value')).trim());
  return { category: category.filter(Boolean), difficulty: level >= 0 ? level + 1 : undefined };
}

/** Reads a QTI 2.1 package whose parts the zip guard has checked. */
export async function parseQtiPackage(parts: Map<string, ZipPart>): Promise<ParsedBank> {
  const manifestPart = parts.get('imsmanifest.xml');
  if (!manifestPart) throw new Error('no imsmanifest.xml');
  const manifest = parseXml((await readPart(manifestPart)).toString('utf8'));
  const bank: ParsedBank = { questions: [], refused: [], narrowed: [], images: new Map() };
  let index = 0;
  for (const resource of descendants(manifest, 'resource')) {
    const type = resource.attrs.type ?? '';
    if (!/^imsqti_item_xmlv2p[01]/.test(type)) continue;
    const href = posix.normalize(resource.attrs.href ?? '');
    const part = parts.get(href);
    index++;
    if (!part) {
      bank.refused.push({ index, name: href, reason: '资源包中缺少该试题的文件', unreadable: true });
      continue;
    }
    const item = parseXml((await readPart(part)).toString('utf8'));
    const dir = posix.dirname(href);
    const pending: string[] = [];
    const imageRef = (src: string) => {
      if (/^(https?:)?\/\//i.test(src) || src.startsWith('/')) return src;
      const path = posix.normalize(posix.join(dir, decodeURI(src)));
      pending.push(path);
      return `qti:${path}`;
    };
    const read = readItem(item, { index, ...resourceMeta(resource) }, imageRef);
    if ('refused' in read) {
      bank.refused.push({ index, name: read.name, reason: read.refused });
      continue;
    }
    for (const path of pending) {
      const img = parts.get(path);
      if (img) bank.images.set(`qti:${path}`, { name: posix.basename(path), data: await readPart(img) });
    }
    bank.questions.push(read);
  }
  return bank;
}

/**
 * One QTI 2.1 item on its own (an .xml with <assessmentItem>, as item banks hand them out): read as
 * a package of one. Its relative images are not in the file, so they are left out.
 */
export function parseQtiItem(text: string): ParsedBank {
  const item = parseXml(text);
  if (item.local !== 'assessmentItem') throw new Error('not a QTI item');
  const bank: ParsedBank = { questions: [], refused: [], narrowed: [], images: new Map() };
  const read = readItem(item, { index: 1, category: [] }, (src) => (/^(https?:)?\/\//i.test(src) ? src : ''));
  if ('refused' in read) bank.refused.push({ index: 1, name: read.name, reason: read.refused });
  else bank.questions.push(read);
  return bank;
}

// ---------- writing ----------

/** Sanitised HTML as XHTML QTI accepts: void elements closed, img with alt, named entities as numbers. */
export function toXhtml(html: string): string {
  const text = html.replace(/&nbsp;/g, '&#160;').replace(/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/gi, '&amp;');
  // tag by tag (linear; `<img\b([^>]*?)\s*\/?>` rescanned a tag's spaces from each of them)
  return dropTags(text, (tag) => {
    const m = /^<(br|hr|img)\b/i.exec(tag);
    if (!m) return tag;
    if (m[1].toLowerCase() !== 'img') return `<${m[1]}/>`;
    const attrs = tag.slice(4, tag.endsWith('/>') ? -2 : -1).trimEnd();
    return `<img${attrs}${/\balt=/.test(attrs) ? '' : ' alt=""'}/>`;
  });
}

export type PackageImage = (url: string) => Promise<{ name: string; data: Buffer } | undefined>;

const value = (v: string) => `<value>${escapeXml(v)}</value>`;

function itemXml(q: BankQuestion, stem: string, analysis: string): string {
  const decls: string[] = [];
  let body = '';
  if (q.qType === QType.Single || q.qType === QType.Multiple || q.qType === QType.Judge) {
    const judge = q.qType === QType.Judge;
    const ids = judge ? ['true', 'false'] : q.options.map((_, i) => LETTERS[i]);
    const labels = judge ? ['正确', '错误'] : q.options;
    const right = judge ? [q.answer === 'A' ? 'true' : 'false'] : [...q.answer];
    const multiple = q.qType === QType.Multiple;
    decls.push(
      `<responseDeclaration identifier="RESPONSE" cardinality="${multiple ? 'multiple' : 'single'}" baseType="identifier"><correctResponse>${right.map(value).join('')}</correctResponse></responseDeclaration>`,
    );
    body = `<div>${stem}</div><choiceInteraction responseIdentifier="RESPONSE" shuffle="false" maxChoices="${multiple ? 0 : 1}">${ids
      .map((id, i) => `<simpleChoice identifier="${id}">${escapeXml(labels[i])}</simpleChoice>`)
      .join('')}</choiceInteraction>`;
  } else if (q.qType === QType.Blank) {
    const blanks = parseBlankAnswer(q.answer) ?? [];
    blanks.forEach((b, i) => {
      const alts = b.split('|').filter(Boolean);
      decls.push(
        `<responseDeclaration identifier="RESPONSE_${i + 1}" cardinality="single" baseType="string"><correctResponse>${value(alts[0] ?? '')}</correctResponse><mapping defaultValue="0">${alts
          .map((a) => `<mapEntry mapKey="${escapeXml(a)}" mappedValue="1"/>`)
          .join('')}</mapping></responseDeclaration>`,
      );
    });
    let i = 0;
    body = `<div>${stem.replace(BLANK_MARK, () => `<textEntryInteraction responseIdentifier="RESPONSE_${++i}" expectedLength="10"/>`)}</div>`;
  } else {
    decls.push(
      `<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="string"><correctResponse>${value(q.answer)}</correctResponse></responseDeclaration>`,
    );
    body = `<div>${stem}</div><extendedTextInteraction responseIdentifier="RESPONSE" expectedLines="10"/>`;
  }
  const outcomes = [
    `<outcomeDeclaration identifier="SCORE" cardinality="single" baseType="float" normalMaximum="${q.score}"><defaultValue>${value('0')}</defaultValue></outcomeDeclaration>`,
  ];
  if (analysis) outcomes.push('<outcomeDeclaration identifier="FEEDBACK" cardinality="single" baseType="identifier"/>');
  const processing =
    q.qType === QType.Blank || q.qType === QType.Essay
      ? ''
      : '<responseProcessing template="http://www.imsglobal.org/question/qti_v2p1/rptemplates/match_correct"/>';
  const feedback = analysis
    ? `<modalFeedback outcomeIdentifier="FEEDBACK" identifier="ANALYSIS" showHide="hide"><div>${analysis}</div></modalFeedback>`
    : '';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<assessmentItem xmlns="${QTI_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${QTI_NS} http://www.imsglobal.org/xsd/qti/qtiv2p1/imsqti_v2p1.xsd" identifier="${escapeXml(q.qCode)}" title="${escapeXml(htmlToText(q.qName).slice(0, 60) || q.qCode)}" adaptive="false" timeDependent="false">`,
    ...decls,
    ...outcomes,
    `<itemBody>${body}</itemBody>`,
    processing,
    feedback,
    '</assessmentItem>',
    '',
  ]
    .filter((l) => l !== '')
    .join('\n');
}

function lomXml(q: BankQuestion): string {
  const difficulty = `<imsmd:educational><imsmd:difficulty><imsmd:source>LOMv1.0</imsmd:source><imsmd:value>${DIFFICULTY[q.difficulty - 1] ?? 'medium'}</imsmd:value></imsmd:difficulty></imsmd:educational>`;
  const taxa = q.category
    .map(
      (c, i) =>
        `<imsmd:taxon><imsmd:id>${i + 1}</imsmd:id><imsmd:entry><imsmd:string>${escapeXml(c)}</imsmd:string></imsmd:entry></imsmd:taxon>`,
    )
    .join('');
  const classification = q.category.length
    ? `<imsmd:classification><imsmd:purpose><imsmd:source>LOMv1.0</imsmd:source><imsmd:value>discipline</imsmd:value></imsmd:purpose><imsmd:taxonPath><imsmd:source><imsmd:string>${TAXON_SOURCE}</imsmd:string></imsmd:source>${taxa}</imsmd:taxonPath></imsmd:classification>`
    : '';
  return `<metadata><imsmd:lom>${difficulty}${classification}</imsmd:lom></metadata>`;
}

/** A QTI 2.1 content package (zip) of bank questions; stored images go into the package. */
export async function writeQtiPackage(questions: BankQuestion[], images: PackageImage): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const resources: string[] = [];
  const stored = new Map<string, string>();
  for (const q of questions) {
    const href = `items/${q.qCode.replace(/[^\w-]/g, '_')}.xml`;
    const files: string[] = [href];
    const embed = async (html: string) => {
      let out = toXhtml(html);
      for (const m of html.matchAll(/<img\b[^>]*\bsrc="([^"]+)"/gi)) {
        const url = m[1];
        let path = stored.get(url);
        if (!path) {
          const img = await images(url);
          if (!img) continue;
          path = `images/${stored.size + 1}-${img.name.replace(/[^\w.-]/g, '_')}`;
          stored.set(url, path);
          zip.addBuffer(img.data, path);
        }
        files.push(path);
        out = out.split(`src="${url}"`).join(`src="../${path}"`);
      }
      return out;
    };
    const xml = itemXml(q, await embed(q.qName), q.analysis ? await embed(q.analysis) : '');
    zip.addBuffer(Buffer.from(xml, 'utf8'), href);
    resources.push(
      `<resource identifier="R_${escapeXml(q.qCode)}" type="imsqti_item_xmlv2p1" href="${href}">${lomXml(q)}${[...new Set(files)]
        .map((f) => `<file href="${f}"/>`)
        .join('')}</resource>`,
    );
  }
  const manifest = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:imsmd="http://ltsc.ieee.org/xsd/LOM" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" identifier="XUETU_QUESTION_BANK">',
    '<metadata><schema>QTIv2.1 Package</schema><schemaversion>1.0.0</schemaversion></metadata>',
    '<organizations/>',
    `<resources>${resources.join('\n')}</resources>`,
    '</manifest>',
    '',
  ].join('\n');
  zip.addBuffer(Buffer.from(manifest, 'utf8'), 'imsmanifest.xml');
  zip.end();
  return buffer(zip.outputStream);
}
