import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { cpuPerCall, cpuSnapshot } from '../cpu.ts';

// Practice at exam scale (issue 39 item 1; issue 26 item 1, ADR 0043): 1,000 learners of the
// company whose seeded 仓储安全日常练习 is open to everyone practise at once over 50 connections —
// the next question, an answer with its instant feedback (marking, the key-visibility rule over
// the learner's exams, the 错题本 write) and the 错题本 — each as req/s beside baseline B
// (SELECT 1) measured the same way, with p99. Checks: each call ≥ 0.5 × baseline B, p99 under
// 100 ms or no worse than SELECT 1's own p99 at the same connections, no errors, and the keys shown
// (these learners sit no exam). BENCH_DB_TRACE=1 (embedded): statements per call.

const LEARNERS = Number(process.env.BENCH_PRACTICE_LEARNERS ?? 1000);
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const L = '/prod-api/Api/UserExam/ex_practice';

interface Row {
  scenario: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
}

export async function benchPractice(port: number): Promise<{ rows: Row[]; lines: string[]; failures: string[] }> {
  const origin = `http://127.0.0.1:${port}`;
  const failures: string[] = [];
  const call = async <T>(path: string, body: unknown, token?: string): Promise<T> => {
    const res = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { ydAuthorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { data: T; success: boolean; msg: string };
    if (!json.success) throw new Error(`${path}: ${json.msg}`);
    return json.data;
  };
  const { tokens } = await call<{ tokens: string[] }>('/prod-api/__bench/practice/learners', {
    count: LEARNERS,
    prefix: `prac${Date.now().toString(36)}_`,
  });
  const [practice] = await call<{ practiceCode: string }[]>(`${L}/GetMyPracticeList`, {}, tokens[0]);
  if (!practice) return { rows: [], lines: [], failures: ['practice: the learners have no practice'] };
  const { practiceCode } = practice;
  // the questions and their keys, walked by the first learner, who then starts again
  const questions: { qCode: string; right: string }[] = [];
  for (;;) {
    const next = await call<{ question: { qCode: string } | null }>(`${L}/GetNextQuestion`, { practiceCode }, tokens[0]);
    if (!next.question) break;
    const fb = await call<{ rightAnswer: string | null; hidden: string }>(
      `${L}/AnswerQuestion`,
      { practiceCode, qCode: next.question.qCode, answer: 'A' },
      tokens[0],
    );
    if (fb.hidden || fb.rightAnswer === null) failures.push(`practice: the key of ${next.question.qCode} is hidden (${fb.hidden})`);
    questions.push({ qCode: next.question.qCode, right: String(fb.rightAnswer) });
  }
  await call(`${L}/Restart`, { practiceCode }, tokens[0]);
  // every learner has opened 我的练习 before practising (their session and place known to the
  // server, as after the page's first call); BENCH_PRACTICE_COLD=1 measures first calls instead
  if (process.env.BENCH_PRACTICE_COLD !== '1') {
    let next = 0;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (next < tokens.length) await call(`${L}/GetMyPracticeList`, {}, tokens[next++]);
      }),
    );
  }

  const trace = async (calls: number) =>
    (await call<{ statementsPerCall: number } | null>('/prod-api/__bench/db-trace', { calls }))?.statementsPerCall;
  const load = (path: string, body: (learner: number, k: number) => unknown) => {
    let counter = 0;
    let refused = 0;
    return autocannon({
      url: origin,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          path,
          setupRequest: (req) => {
            const k = counter++;
            const learner = k % tokens.length;
            return {
              ...req,
              body: JSON.stringify(body(learner, k)),
              headers: { 'content-type': 'application/json', ydAuthorization: `Bearer ${tokens[learner]}` },
            };
          },
          onResponse: (status, text) => {
            if (status !== 200 || !(JSON.parse(text) as { success: boolean }).success) refused++;
          },
        },
      ],
    }).then((r) => ({ r, refused }));
  };

  type Batches = Record<string, { batches: number; items: number }>;
  const groupCommits = () => call<Batches>('/prod-api/__bench/group-commits', {});
  // the group commits and grouped reads the phase used: items per batch on average
  const batchSizes = (before: Batches, after: Batches) =>
    `items per batch: ${
      Object.entries(after)
        .map(([name, s]) => [name, s.batches - (before[name]?.batches ?? 0), s.items - (before[name]?.items ?? 0)] as const)
        .filter(([, batches]) => batches > 0)
        .map(([name, batches, items]) => `${name} ${(items / batches).toFixed(1)}`)
        .join(', ') || 'none'
    }`;
  await trace(0);
  const serverCpu = async () => (await call<{ ms: number }>('/prod-api/__bench/cpu', {})).ms;
  const cpuBeforeB = await cpuSnapshot(serverCpu);
  const baselineB = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [{ method: 'POST', path: '/prod-api/__bench/select1', body: '{}', headers: { 'content-type': 'application/json' } }],
  });
  const cpuB = cpuPerCall(cpuBeforeB, await cpuSnapshot(serverCpu), baselineB.requests.total);
  await trace(0);
  const phases: [string, string, (learner: number, k: number) => unknown][] = [
    ['GetNextQuestion', `${L}/GetNextQuestion`, () => ({ practiceCode })],
    // each learner's first round of answers is wrong (into the 错题本), the next right (its streak), and so on
    [
      'AnswerQuestion, instant feedback',
      `${L}/AnswerQuestion`,
      (learner, k) => {
        const round = Math.floor(k / tokens.length);
        const q = questions[(learner + round) % questions.length];
        return { practiceCode, qCode: q.qCode, answer: Math.floor(round / questions.length) % 2 ? q.right : 'A' };
      },
    ],
    ['GetWrongBook', '/prod-api/Api/UserExam/ex_wrongbook/GetWrongBook', () => ({})],
  ];
  const rows: Row[] = [
    {
      scenario: `baseline B: SELECT 1, ${CONNECTIONS} connections`,
      reqPerSec: baselineB.requests.average,
      p50: baselineB.latency.p50,
      p99: baselineB.latency.p99,
      errors: baselineB.errors + baselineB.non2xx,
    },
  ];
  const lines: string[] = [`- baseline B (SELECT 1) at ${CONNECTIONS} connections: ${cpuB}.`];
  for (const [name, path, body] of phases) {
    const batchesBefore = await groupCommits();
    const cpuBefore = await cpuSnapshot(serverCpu);
    const { r, refused } = await load(path, body);
    const cpu = cpuPerCall(cpuBefore, await cpuSnapshot(serverCpu), r.requests.total);
    const batches = batchSizes(batchesBefore, await groupCommits());
    const perCall = await trace(r.requests.total);
    const ratio = r.requests.average / baselineB.requests.average;
    rows.push({
      scenario: `practice: ${name}, ${LEARNERS} learners, ${CONNECTIONS} connections`,
      reqPerSec: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      errors: r.errors + r.non2xx + refused,
    });
    lines.push(
      `- ${name}: ${r.requests.total} calls, ${Math.round(r.requests.average)} req/s = ${ratio.toFixed(2)} × baseline B (${Math.round(baselineB.requests.average)} req/s, p99 ${baselineB.latency.p99} ms at ${CONNECTIONS} connections), p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms${perCall === undefined ? '' : `, ${perCall.toFixed(1)} statements per call`}; ${cpu}; ${batches}; load average ${loadavg()[0].toFixed(1)}.`,
    );
    if (r.errors + r.non2xx + refused) failures.push(`practice ${name}: ${refused} refused, ${r.errors + r.non2xx} errors`);
    if (ratio < 0.5) failures.push(`practice ${name}: ${ratio.toFixed(2)} × baseline B, under 0.5`);
    // under 100 ms, or where SELECT 1 at the same connections is slower than that, no worse than it
    if (!(r.latency.p99 < 100 || r.latency.p99 <= baselineB.latency.p99))
      failures.push(
        `practice ${name}: p99 ${r.latency.p99} ms is not under 100 ms nor within baseline B's p99 (${baselineB.latency.p99} ms)`,
      );
  }
  return { rows, lines, failures };
}
