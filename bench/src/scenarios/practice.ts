// Practice (issue 26 item 1, ADR 0043): the seeded 仓储安全日常练习 as its learner (other01) uses
// it — the next question, an answer with its instant feedback (marking, the key-visibility rule
// over the learner's exams, the 错题本 write), and the 错题本 — as req/s beside the run's baselines.

const json = (r: Response) => r.json() as Promise<{ success: boolean; msg: string; data: never }>;

export async function practiceScenarios(port: number) {
  const base = `http://127.0.0.1:${port}/prod-api`;
  const login = (await json(
    await fetch(`${base}/Api/User/user_user/Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'other01', password: 'Xuetu@2026' }),
    }),
  )) as { data: { token: string } };
  const auth = { ydAuthorization: `Bearer ${login.data.token}` };
  const call = async <T>(path: string, body: unknown) =>
    (
      (await json(
        await fetch(`${base}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...auth },
          body: JSON.stringify(body),
        }),
      )) as {
        data: T;
      }
    ).data;
  const [practice] = await call<{ practiceCode: string }[]>('/Api/UserExam/ex_practice/GetMyPracticeList', {});
  if (!practice) return [];
  const next = await call<{ question: { qCode: string } | null }>('/Api/UserExam/ex_practice/GetNextQuestion', practice);
  if (!next.question) return [];
  const post = (path: string, body: unknown) => ({
    method: 'POST' as const,
    path: `/prod-api${path}`,
    body: JSON.stringify(body),
    headers: auth,
  });
  // a wrong answer: each one is marked, checked against the learner's exams and written to the 错题本
  const answer = { practiceCode: practice.practiceCode, qCode: next.question.qCode, answer: 'A' };
  return [
    { name: 'practice: GetNextQuestion (learner)', requests: [post('/Api/UserExam/ex_practice/GetNextQuestion', practice)] },
    { name: 'practice: AnswerQuestion, instant feedback (learner)', requests: [post('/Api/UserExam/ex_practice/AnswerQuestion', answer)] },
    { name: 'practice: GetWrongBook (learner)', requests: [post('/Api/UserExam/ex_wrongbook/GetWrongBook', {})] },
  ];
}
