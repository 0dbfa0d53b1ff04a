import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { AppErrorKinds, AppErrorMessages, ErrorKinds } from '@xuetu/contract';
import { describe, expect, it } from 'vitest';
import { appError, appErrorMsg } from './errors.ts';

const MODULES = join(import.meta.dirname, '../modules');

/** Calls whose text must come from the contract: thrown errors and success answers. */
const CALL = /\b(fail|notFound|AppError|appErrorMsg|withMsg)\(/g;
const CHINESE = /[\u4e00-\u9fff]/;

/**
 * The lines (1-based) of calls with a Chinese string literal written straight into them: anywhere
 * in the arguments of fail/notFound/AppError/appErrorMsg, and in any argument of withMsg after the
 * first (the data). Each call's arguments are followed to its closing parenthesis, across nested
 * calls, template interpolations and lines; comments are skipped.
 */
function inlineTextLines(source: string): number[] {
  const lines: number[] = [];
  for (const m of source.matchAll(CALL)) {
    const lineStart = source.lastIndexOf('\n', m.index) + 1;
    const before = source.slice(lineStart, m.index);
    if (before.includes('//') || /^\s*(\/\*|\*)/.test(before)) continue; // a call named in a comment
    const firstTextArg = m[1] === 'withMsg' ? 1 : 0;
    const literals = argumentLiterals(source, m.index + m[0].length - 1);
    if (literals.some((l) => l.arg >= firstTextArg && CHINESE.test(l.text))) lines.push(source.slice(0, m.index).split('\n').length);
  }
  return lines;
}

/** The string literals inside the call whose '(' is at `open`, each with the index of its argument. */
function argumentLiterals(src: string, open: number): { arg: number; text: string }[] {
  const out: { arg: number; text: string }[] = [];
  let depth = 0;
  let arg = 0;
  for (let i = open; i < src.length; i++) {
    const c = src[i];
    if (c === "'" || c === '"' || c === '`') {
      const end = literalEnd(src, i);
      out.push({ arg, text: src.slice(i, end + 1) });
      i = end;
    } else if (c === '/' && src[i + 1] === '/') {
      const eol = src.indexOf('\n', i);
      i = eol < 0 ? src.length : eol;
    } else if (c === '/' && src[i + 1] === '*') {
      const close = src.indexOf('*/', i + 2);
      i = close < 0 ? src.length : close + 1;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (--depth === 0) break;
    } else if (c === ',' && depth === 1) arg++;
  }
  return out;
}

/** The index of the quote closing the literal opened at `start`, over template interpolations. */
function literalEnd(src: string, start: number): number {
  const quote = src[start];
  for (let i = start + 1; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') i++;
    else if (c === quote) return i;
    // a quote or apostrophe that opens no string after all: stop at the line's end
    else if (c === '\n' && quote !== '`') return i;
    else if (quote === '`' && c === '$' && src[i + 1] === '{') {
      let depth = 0;
      for (i++; i < src.length; i++) {
        const d = src[i];
        if (d === "'" || d === '"' || d === '`') i = literalEnd(src, i);
        else if (d === '{') depth++;
        else if (d === '}' && --depth === 0) break;
      }
    }
  }
  return src.length;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [join(dir, e.name)] : [],
  );
}

describe('error codes', () => {
  it('are upper-snake strings with a Chinese message each', () => {
    for (const [code, msg] of Object.entries(AppErrorMessages)) {
      expect(code).toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect(msg, code).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('services and routes throw coded errors, not inline Chinese texts', () => {
    const offenders = sources(MODULES).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const lines = text.split('\n');
      const name = relative(MODULES, file).replaceAll('\\', '/');
      return inlineTextLines(text).map((n) => `${name}:${n}: ${lines[n - 1].trim()}`);
    });
    expect(offenders).toEqual([]);
  });
});

describe('the code table carries each code’s HTTP answer (ADR 0044)', () => {
  it('every kind named in the table exists, and only known codes have one', () => {
    for (const [code, kind] of Object.entries(AppErrorKinds)) {
      expect(Object.keys(AppErrorMessages), code).toContain(code);
      expect(Object.keys(ErrorKinds), code).toContain(kind);
    }
  });

  it('gives the status and numeric errorCode the clients have always seen', () => {
    const answer = (e: ReturnType<typeof appError>) => [e.httpStatus, e.errorCode];
    // business failures and missing objects (another company's included): HTTP 200, errorCode 0
    expect(answer(appError('PROJECT_CLOSED'))).toEqual([200, 0]);
    expect(answer(appError('NOT_FOUND'))).toEqual([200, 0]);
    expect(answer(appError('RES_NOT_FOUND'))).toEqual([200, 0]);
    expect(answer(appErrorMsg('FAILED', '原样显示'))).toEqual([200, 0]);
    // session and access: HTTP 200 with 401 / 403
    expect(answer(appError('SESSION_EXPIRED'))).toEqual([200, 401]);
    expect(answer(appError('FORBIDDEN'))).toEqual([200, 403]);
    // transport matters: their own status
    expect(answer(appError('MEDIA_LINK_EXPIRED'))).toEqual([410, 0]);
    expect(answer(appError('TOO_MANY_REQUESTS'))).toEqual([429, 429]);
    expect(answer(appError('DATABASE_UNAVAILABLE'))).toEqual([503, 503]);
    expect(answer(appError('SERVER_ERROR'))).toEqual([500, 500]);
    expect(answer(appError('ROUTE_NOT_FOUND'))).toEqual([404, 404]);
  });

  it('keeps the code’s message unless a formatted one is given, and the data', () => {
    expect(appError('PROJECT_CLOSED', { a: 1 })).toMatchObject({
      code: 'PROJECT_CLOSED',
      msg: AppErrorMessages.PROJECT_CLOSED,
      data: { a: 1 },
    });
    expect(appErrorMsg('PAPER_RULE_SHORT', '第 1 条规则：题库中只有 2 道')).toMatchObject({
      code: 'PAPER_RULE_SHORT',
      msg: '第 1 条规则：题库中只有 2 道',
    });
  });
});

describe('the inline-text check', () => {
  const flagged = (src: string) => inlineTextLines(src).length > 0;

  it('finds a Chinese literal in a thrown error or a success answer', () => {
    // biome-ignore-start lint/suspicious/noTemplateCurlyInString: sample source lines, template literals included
    for (const src of [
      // the line the first, single-regex check let through: nested parentheses before the text
      "    handler: async ({ input, caller }) => withMsg(await service.deleteProject(caller, input.projectCode), '删除成功'),",
      "  if (!detail) throw fail('讲师不存在');",
      'throw fail(`表头缺少列：${missing.join("、")}，请使用导入模板`);',
      'throw fail(`${count(rows.filter((r) => r.bad))} 行有错误`);',
      "throw notFound(kind === 1 ? '课程不存在' : '考试不存在');",
      'throw new AppError("操作失败", 0, 200, null, \'FAILED\');',
      "throw appErrorMsg('ORG_HAS_USERS', `还有 ${n} 名用户`);",
      'return withMsg(rows, `共 ${rows.length} 条`);',
      "return withMsg(\n  await service.save(ctx, { ...input, id: undefined }), // the caller's input\n  input.publish ? '已发布' : Msg.saved,\n);",
    ])
      expect(flagged(src), src).toBe(true);
    // biome-ignore-end lint/suspicious/noTemplateCurlyInString: sample source lines
  });

  it('lets contract texts, codes and Chinese outside those calls pass', () => {
    for (const src of [
      'handler: async ({ input, caller }) => withMsg(await service.deleteProject(caller, input.projectCode), ProjectMsg.deleted),',
      "throw appError('LECTURER_NOT_FOUND');",
      "throw appErrorMsg('IMPORT_HEADER_MISSING', ImportMsg.headerMissing(missing.join('、')));",
      "return withMsg({ chnName: '张三' }, Msg.saved);",
      "if (!ok) throw fail(Msg.failed); else label = '不能为空';",
      "throw fail(Msg.failed); // 旧的 '操作失败'",
      "// answered with fail('操作失败') before",
      "summary: '讲师详情（playList 的 item2 为视频地址）',",
      "const failed = ['失败'];",
      "return withMsg(\n  rows, // the caller's rows\n  Msg.saved,\n);\nconst label = '已保存';",
    ])
      expect(flagged(src), src).toBe(false);
  });

  it('names the line of the call', () => {
    expect(inlineTextLines("const a = 1;\n\nreturn withMsg(\n  data,\n  '已保存',\n);")).toEqual([3]);
  });
});
