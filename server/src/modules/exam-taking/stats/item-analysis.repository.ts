import { ExamUserStatus, type ItemAnalysis, QType } from '@xuetu/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { scopeWhere, type TenantScope } from '../../../platform/scope.ts';
import { userPaperQuestions, userPapers } from '../schema/attempts.ts';

/**
 * Item analysis in SQL (issue 26 item 4, ADR 0041). Every query starts from the counted attempt
 * of each learner: their submitted attempt with the highest score, the earliest of equal ones
 * (as GetStatistics counts a person's best). Three statements; each reads the exam's attempts by
 * `ex_userpaper_exam_idx` and their questions by the primary key of `ex_userpaperquestion`.
 */
const counted = (scope: TenantScope, examId: number): SQL => sql`
  counted as (
    select distinct on (user_id) id, user_id, coalesce(score, 0)::float8 as score, is_pass
      from ${userPapers}
     where exam_id = ${examId} and status = ${ExamUserStatus.Done} and ${scopeWhere(scope, userPapers.companySysCode)}
     order by user_id, coalesce(score, 0) desc, attempt_no
  )`;

const num = (v: unknown): number => (v == null ? 0 : Number(v));
const numOrNull = (v: unknown): number | null => (v == null ? null : Number(v));

/** The summary figures of the item analysis, and the learners in each tenth of the total (bucket index 0–9). */
export type ScoreSummary = Pick<ItemAnalysis, 'counted' | 'submittedAttempts' | 'mean' | 'median' | 'stdDev' | 'passed'> & {
  buckets: Map<number, number>;
};

/** Counted scores: how many, mean, median, population standard deviation, passed, ten buckets of `total`. */
export async function scoreSummary(db: DbOrTx, scope: TenantScope, examId: number, total: number): Promise<ScoreSummary> {
  const res = await db.execute(sql`
    with ${counted(scope, examId)},
    buckets as (
      select least(9, greatest(0, floor(score * 10 / ${total}::float8)))::int as b, count(*)::int as n from counted group by 1
    )
    select count(*)::int as counted,
           coalesce(avg(score), 0)::float8 as mean,
           coalesce(percentile_cont(0.5) within group (order by score), 0)::float8 as median,
           coalesce(stddev_pop(score), 0)::float8 as sd,
           (count(*) filter (where is_pass = 1))::int as passed,
           (select count(*)::int from ${userPapers}
             where exam_id = ${examId} and status = ${ExamUserStatus.Done} and ${scopeWhere(scope, userPapers.companySysCode)}) as submitted,
           (select coalesce(json_agg(json_build_array(b, n)), '[]'::json) from buckets) as buckets
      from counted`);
  const r = res.rows[0] as Record<string, unknown>;
  const raw = typeof r.buckets === 'string' ? JSON.parse(r.buckets) : r.buckets;
  return {
    counted: num(r.counted),
    submittedAttempts: num(r.submitted),
    mean: num(r.mean),
    median: num(r.median),
    stdDev: num(r.sd),
    passed: num(r.passed),
    buckets: new Map((raw as [number, number][]).map(([b, n]) => [Number(b), Number(n)])),
  };
}

export interface QuestionIndices {
  qCode: string;
  order: number;
  qType: number;
  qName: string;
  attempts: number;
  answered: number;
  facility: number | null;
  upper: number | null;
  lower: number | null;
  groupSize: number;
}

/**
 * Per question over the counted attempts: the mean share of its score obtained (facility), and the
 * same in the upper and lower 27 % of the counted attempts ranked by score (ties at a group's
 * edge broken by attempt id, so the groups always have round(0.27 n) attempts). An essay not yet
 * marked, or a question worth nothing, has no share and is left out of the means.
 */
export async function questionIndices(db: DbOrTx, scope: TenantScope, examId: number, groupShare: number): Promise<QuestionIndices[]> {
  const res = await db.execute(questionIndicesSql(scope, examId, groupShare));
  return (res.rows as Record<string, unknown>[]).map((r) => ({
    qCode: String(r.q_code),
    order: num(r.ord),
    qType: num(r.q_type),
    qName: String(r.q_name ?? ''),
    attempts: num(r.attempts),
    answered: num(r.answered),
    facility: numOrNull(r.facility),
    upper: numOrNull(r.upper),
    lower: numOrNull(r.lower),
    groupSize: num(r.k),
  }));
}

/** The statement of questionIndices (the item-analysis bench explains it: BENCH_IA_EXPLAIN=1). */
export function questionIndicesSql(scope: TenantScope, examId: number, groupShare: number): SQL {
  return sql`
    with ${counted(scope, examId)},
    ranked as (
      select id, row_number() over (order by score desc, id) as r, count(*) over () as n from counted
    ),
    grouped as (
      select id, round(n * ${groupShare}::numeric)::int as k,
             case when r <= round(n * ${groupShare}::numeric) then 1
                  when r > n - round(n * ${groupShare}::numeric) then -1 else 0 end as grp
        from ranked
    )
    select q.q_code, min(q.sort_order)::int as ord, min(q.q_type)::int as q_type, min(q.q_name collate "C") as q_name,
           count(*)::int as attempts,
           (count(*) filter (where coalesce(q.answer_str, '') <> ''))::int as answered,
           avg(s.share)::float8 as facility,
           (avg(s.share) filter (where g.grp = 1))::float8 as upper,
           (avg(s.share) filter (where g.grp = -1))::float8 as lower,
           max(g.k)::int as k
      from ${userPaperQuestions} q
      join grouped g on g.id = q.userpaper_id
     cross join lateral (
       select case when q.q_type = ${QType.Essay} and q.marked = 0 then null
                   when q.score > 0 then coalesce(q.score_got, 0)::float8 / q.score::float8 end as share
     ) s
     group by q.q_code`;
}

export interface OptionTally {
  qCode: string;
  /** the frozen copy's options (JSON array) and key, as stored */
  options: string;
  answer: string;
  /** the letters chosen ('' none) */
  given: string;
  n: number;
}

/**
 * Answers of the single, multiple and true/false questions of the counted attempts, grouped by the
 * frozen copy's options and key (one group per question unless options are shuffled) and the
 * letters chosen; the service splits them into letters and turns letters into option texts.
 */
export async function optionTallies(db: DbOrTx, scope: TenantScope, examId: number): Promise<OptionTally[]> {
  const res = await db.execute(sql`
    with ${counted(scope, examId)}
    select q.q_code, q.options, q.answer, coalesce(q.answer_str, '') as given, count(*)::int as n
      from ${userPaperQuestions} q
      join counted c on c.id = q.userpaper_id
     where q.q_type in (${QType.Single}, ${QType.Multiple}, ${QType.Judge})
     group by q.q_code, q.options, q.answer, coalesce(q.answer_str, '')`);
  return (res.rows as Record<string, unknown>[]).map((r) => ({
    qCode: String(r.q_code),
    options: String(r.options),
    answer: String(r.answer),
    given: String(r.given),
    n: num(r.n),
  }));
}
