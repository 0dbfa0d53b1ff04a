import { describe, expect, it } from 'vitest';
import { type ParsedBank, readQuestionFile, writeGift } from './index.ts';

// Issue 38 items 13 and 14: what the check says about a file, and what the bank keeps of its text.

const bankOf = async (text: string, format?: 'gift' | 'aiken' | 'moodlexml' | 'qti21') => {
  const read = await readQuestionFile(Buffer.from(text), format);
  if (read.format === 'xlsx') throw new Error('read as a workbook');
  return read as { format: string; bank: ParsedBank };
};

const QTI_ITEM = `<?xml version="1.0" encoding="UTF-8"?>
<assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1" identifier="q1" title="单独的试题" adaptive="false" timeDependent="false">
  <responseDeclaration identifier="RESPONSE" cardinality="single" baseType="identifier"><correctResponse><value>B</value></correctResponse></responseDeclaration>
  <itemBody><p>我国的首都是？</p><choiceInteraction responseIdentifier="RESPONSE" maxChoices="1">
    <simpleChoice identifier="A">上海</simpleChoice><simpleChoice identifier="B">北京</simpleChoice></choiceInteraction></itemBody>
</assessmentItem>`;

describe('import messages (issue 38 item 13)', () => {
  it('a GIFT syntax error is named with its line and does not swallow the next question', async () => {
    const { bank } = await bankOf('// 题库\n::第一题::电器着火用什么灭火？{=干粉 ~清水\n::第二题::安全生产人人有责。{T}\n');
    expect(bank.refused).toEqual([
      { index: 1, name: '第一题', reason: 'GIFT 格式错误（第 2 行起的试题）：答案的花括号 { } 不成对，无法读取答案', unreadable: true },
    ]);
    expect(bank.questions).toMatchObject([{ index: 2, name: '第二题', qType: 3, answer: 'A' }]);
  });

  it('two questions without the blank line between them are two questions', async () => {
    const { bank } = await bankOf('::一::1+1=2 {T}\n::二::首都是{=北京}\n');
    expect(bank.refused).toEqual([]);
    expect(bank.questions.map((q) => [q.name, q.qType])).toEqual([
      ['一', 3],
      ['二', 4],
    ]);
  });

  it('a broken XML file says where it is broken', async () => {
    await expect(readQuestionFile(Buffer.from('<?xml version="1.0"?>\n<qiz>\n<question></qiz>'))).rejects.toMatchObject({
      code: 'QUESTION_FILE_UNREADABLE',
      msg: expect.stringMatching(/^XML 文件内容有误（第 3 行第 \d+ 列附近），无法读取$/),
    });
  });

  it('a QTI 2.1 item on its own reads as it does in a package', async () => {
    for (const named of [undefined, 'qti21'] as const) {
      const { format, bank } = await bankOf(QTI_ITEM, named);
      expect(format).toBe('qti21');
      expect(bank.questions).toMatchObject([{ qType: 1, name: '单独的试题', options: ['上海', '北京'], answer: 'B' }]);
    }
  });

  it('an Aiken file missing its ANSWER line is still Aiken, and the check says what is missing', async () => {
    const { format, bank } = await bankOf('我国的首都是？\nA. 上海\nB. 北京\n\n红色和黄色哪个是暖色？\nA) 红色\nB) 蓝色\n');
    expect(format).toBe('aiken');
    expect(bank.refused.map((r) => r.reason)).toEqual(['缺少答案行（ANSWER: 正确选项的字母）', '缺少答案行（ANSWER: 正确选项的字母）']);
  });

  it('a numerical answer with a tolerance is listed as narrowed; without one it is not', async () => {
    const { bank } = await bankOf('::误差::3 的近似值{#3:2}\n\n::精确::1+2={#3}\n\n::零误差::{#3:0} 是 3');
    expect(bank.questions.map((q) => [q.name, q.qType, q.answer])).toEqual([
      ['误差', 4, '["3"]'],
      ['精确', 4, '["3"]'],
      ['零误差', 4, '["3"]'],
    ]);
    expect(bank.narrowed).toEqual([
      { index: 1, name: '误差', reason: '数值题「3±2」按填空题导入，只接受答案 3（题库没有数值题型，误差范围未保留）' },
    ]);
  });
});

describe('entities decoded once on import (issue 38 item 14)', () => {
  it('GIFT text keeps its quotes, and the GIFT export writes them back as quotes', async () => {
    const { bank } = await bankOf('::引号::他说"你好" & <再见>。{T}');
    expect(bank.questions[0].qName).toBe('他说"你好" &amp; &lt;再见&gt;。');
    const gift = writeGift([{ ...bank.questions[0], qCode: 'Q1', difficulty: 3, score: 2, options: [] }]);
    expect(gift).toContain('[html]他说"你好" &amp; &lt;再见&gt;。');
    expect(gift).not.toContain('&quot;');
  });

  it('Moodle XML HTML keeps characters, not named entities; markup and &amp; &lt; stay', async () => {
    const { bank } = await bankOf(
      `<quiz><question type="truefalse"><name><text>实体</text></name><questiontext format="html"><text><![CDATA[<p title="&quot;">&ldquo;引号&rdquo; &quot;双&quot; &amp;amp; &lt;b&gt; &#x4E2D;&nbsp;文</p>]]></text></questiontext>
      <answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question></quiz>`,
    );
    expect(bank.questions[0].qName).toBe('<p title="&quot;">“引号” "双" &amp;amp; &lt;b&gt; 中&nbsp;文</p>');
  });
});
