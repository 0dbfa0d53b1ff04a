// What the exam scenarios (the exam storm, the office day) set up alike: a time as the API
// writes it, and a published exam of single-choice questions for the bench's learners.

const pad = (n: number) => String(n).padStart(2, '0');

/** A time as the API writes it: yyyy-MM-dd HH:mm:ss in China time. */
export const china = (d: Date) => {
  const c = new Date(d.getTime() + 8 * 3600_000);
  return `${c.getUTCFullYear()}-${pad(c.getUTCMonth() + 1)}-${pad(c.getUTCDate())} ${pad(c.getUTCHours())}:${pad(c.getUTCMinutes())}:${pad(c.getUTCSeconds())}`;
};

/** A successful call's data (the scenario's own client). */
export type Must = <T>(path: string, body: unknown, token?: string) => Promise<T>;

/**
 * `questions` single-choice questions (甲乙丙丁, A right) named `<label>压测单选题<n>`, a fixed
 * paper of them at 20 points each and an exam of it, opened an hour ago and open `openForMs`
 * more, published to `userIds`; `extra` adds to the exam (shuffling). The corporate
 * administrator `corp` writes them.
 */
export async function publishBenchExam(
  must: Must,
  corp: string,
  o: { label: string; questions: number; minutes: number; openForMs: number; userIds: number[]; extra?: Record<string, unknown> },
): Promise<{ qCodes: string[]; examCode: string }> {
  const qCodes: string[] = [];
  for (let i = 0; i < o.questions; i++)
    qCodes.push(
      (
        await must<{ qCode: string }>(
          '/Api/Exam_Manage/ex_question/AddData',
          { qType: 1, qName: `${o.label}压测单选题${i + 1}`, a: '甲', b: '乙', c: '丙', d: '丁', answer: 'A' },
          corp,
        )
      ).qCode,
    );
  const { paperCode } = await must<{ paperCode: string }>(
    '/Api/Exam_Manage/ex_paper/AddData',
    { paperName: `${o.label}压测试卷`, paperType: 1, questions: qCodes.map((qCode) => ({ qCode, score: 20 })) },
    corp,
  );
  const { examCode } = await must<{ examCode: string }>(
    '/Api/Exam_Manage/ex_exam/AddData',
    {
      examName: `${o.label}压测考试`,
      paperCode,
      time: o.minutes,
      examStartTime: china(new Date(Date.now() - 3600_000)),
      examEndTime: china(new Date(Date.now() + o.openForMs)),
      passScore: 60,
      ...o.extra,
      participants: { users: o.userIds },
    },
    corp,
  );
  await must('/Api/Exam_Manage/ex_exam/Publish', { examCode }, corp);
  return { qCodes, examCode };
}
