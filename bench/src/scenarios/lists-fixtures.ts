import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../server/src/platform/context.ts';

// The lists scenario's company (issue 39 item 6), inserted by set-based SQL into the demo company
// in under a minute: 10 departments of 500 learners (5,000); 500 exams (a tenth drafts, a fifth
// closed, the rest open), exams 10k..10k+9 picking department k % 10 + 1, whose people are
// assigned (about 45 exams a learner, 225,000 assignments); 100 attempts on each closed exam
// (10,000); 1,000 resources in the company's directories (half video on a media row; every audit
// state); 3,000 questions over the company's question directories; 200 practices on one of those
// directories each picking a department, 300 learners answering
// 5 questions in each (300,000 answers). learner01 joins department 1 (45 cards in 我的考试).
export const LEARNERS = 5_000;
export const EXAMS = 500;
export const RESOURCES = 1_000;
export const PRACTICES = 200;
export const QUESTIONS = 3_000;
const DEPARTMENTS = 10;

export async function insertListsCompany(ctx: AppContext, company: string): Promise<void> {
  const db = ctx.db;
  await db.execute(sql`
    insert into org (org_code, org_name, p_id, company_sys_code, sort_order)
    select ${company} || '-BL' || d, '部门' || d, 0, ${company}, 100 + d from generate_series(1, ${DEPARTMENTS}) d`);
  await db.execute(sql`
    insert into app_user (account_code, chn_name, company_sys_code, org_id, password_hash, activated_at)
    select 'bench_l_' || g, '学员' || g, ${company},
           (select id from org where org_code = ${company} || '-BL' || (1 + g % ${DEPARTMENTS})),
           (select password_hash from app_user where account_code = 'learner01'), now()
      from generate_series(1, ${LEARNERS}) g`);
  await db.execute(sql`
    update app_user set org_id = (select id from org where org_code = ${company} || '-BL1') where account_code = 'learner01'`);
  // exams: i % 10 = 0 draft, 1..2 closed (ended a day ago), else open for another 30 days
  await db.execute(sql`
    insert into ex_exam (exam_code, company_sys_code, exam_name, paper_id, time, exam_start_time, exam_end_time, is_allow_count,
                         status, published_at, closed_at, created_at, updated_at)
    select 'BLEX' || lpad(i::text, 4, '0'), ${company}, '批量考试 ' || i,
           (select id from ex_paper where company_sys_code = ${company} order by id limit 1), 60,
           now() - interval '30 days',
           case when i % 10 in (1, 2) then now() - interval '1 day' else now() + interval '30 days' end,
           3, case when i % 10 = 0 then 0 when i % 10 in (1, 2) then 2 else 1 end,
           case when i % 10 = 0 then null else now() - interval '30 days' end,
           case when i % 10 in (1, 2) then now() - interval '1 day' end,
           now() - (i || ' minutes')::interval, now() - (i || ' minutes')::interval
      from generate_series(1, ${EXAMS}) i`);
  await db.execute(sql`
    insert into ex_examparticipant (exam_id, kind, ref_id)
    select e.id, 'org', o.id from ex_exam e
      join org o on o.org_code = ${company} || '-BL' || (1 + (substr(e.exam_code, 5)::int / 10) % ${DEPARTMENTS})
     where e.exam_code like 'BLEX%'`);
  await db.execute(sql`
    insert into ex_examuser (exam_id, user_id, status, source, created_at)
    select e.id, u.id, case when e.status = 2 then 30 else 0 end, 'org:' || p.ref_id, now() - interval '29 days'
      from ex_exam e join ex_examparticipant p on p.exam_id = e.id join app_user u on u.org_id = p.ref_id
     where e.exam_code like 'BLEX%' and e.status <> 0`);
  await db.execute(sql`
    insert into ex_userpaper (exam_id, user_id, company_sys_code, attempt_no, status, seed, start_time, deadline, end_time, score, is_pass)
    select eu.exam_id, eu.user_id, ${company}, 1, 30, eu.user_id, now() - interval '2 days', now() - interval '2 days' + interval '1 hour',
           now() - interval '2 days' + interval '30 minutes', 80, 1
      from (select eu.*, row_number() over (partition by eu.exam_id order by eu.user_id) as n
              from ex_examuser eu join ex_exam e on e.id = eu.exam_id where e.exam_code like 'BLEX%' and e.status = 2) eu
      join app_user u on u.id = eu.user_id
     where eu.n <= 100 or u.account_code = 'learner01'`);
  await insertResources(ctx, company);
  await insertPractices(ctx, company);
  for (const t of [
    'app_user',
    'org',
    'ex_exam',
    'ex_examparticipant',
    'ex_examuser',
    'ex_userpaper',
    'train_res',
    'train_media',
    'ex_question',
    'ex_practice',
    'ex_practiceparticipant',
    'ex_practiceanswer',
  ])
    await db.execute(sql.raw(`analyze ${t}`));
}

async function insertResources(ctx: AppContext, company: string): Promise<void> {
  await ctx.db.execute(sql`
    insert into train_media (media_code, company_sys_code, kind, source_key, ext, mime, size, duration, status, progress, created_at, updated_at)
    select 'BLMD' || g, ${company}, 'video', 'media/BLMD' || g || '/source.mp4', '.mp4', 'video/mp4', 1000000, 600,
           case when g % 50 = 0 then 'processing' else 'ready' end, case when g % 50 = 0 then 40 else 100 end, now(), now()
      from generate_series(1, ${RESOURCES / 2}) g`);
  // audit states in turn: draft, pending, approved (most), rejected, revoked; the approved ones live
  await ctx.db.execute(sql`
    insert into train_res (res_code, company_sys_code, d_code, res_name, res_type, media_id, duration, credit_hours, audit_status, live,
                           sort, created_at, updated_at)
    select 'BLRS' || lpad(g::text, 5, '0'), ${company}, d.d_code, '批量资源 ' || g, case when g % 2 = 0 then 1 else 2 end,
           case when g % 2 = 0 then 'BLMD' || (g / 2) else '' end, 600, 1,
           s.audit, case when s.audit = 20 then jsonb_build_object('resName', '批量资源 ' || g, 'introduce', '', 'cover', '',
             'lecturerCode', '', 'resType', case when g % 2 = 0 then 1 else 2 end, 'content', '',
             'mediaId', case when g % 2 = 0 then 'BLMD' || (g / 2) else '' end, 'duration', 600, 'creditHours', 1) end,
           g, now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
      from generate_series(1, ${RESOURCES}) g
      cross join lateral (select (array[0, 10, 20, 20, 20, 20, 20, 30, 40, 20])[1 + g % 10] as audit) s
      cross join lateral (select d_code from train_resdir where company_sys_code = ${company} order by id
                           offset (g % greatest(1, (select count(*) from train_resdir where company_sys_code = ${company}))::int) limit 1) d`);
}

async function insertPractices(ctx: AppContext, company: string): Promise<void> {
  // the bank: QUESTIONS single-choice questions spread over the company's directories
  await ctx.db.execute(sql`
    insert into ex_question (q_code, company_sys_code, dir_code, q_type, q_name, a, b, c, d, answer, analysis)
    select 'BLQ' || lpad(g::text, 5, '0'), ${company}, d.dir_code, 1, '批量试题 ' || g || ' 的题干，长度接近真实的一道题目', '选项甲', '选项乙',
           '选项丙', '选项丁', 'B', '解析：' || g
      from generate_series(1, ${QUESTIONS}) g
      cross join lateral (select dir_code from ex_questiondir where company_sys_code = ${company} order by id
                           offset (g % greatest(1, (select count(*) from ex_questiondir where company_sys_code = ${company}))::int) limit 1) d`);
  // each practice on one of the company's question directories in turn
  await ctx.db.execute(sql`
    insert into ex_practice (practice_code, company_sys_code, practice_name, source_kind, source_code, status, created_at, updated_at)
    select 'BLPR' || lpad(g::text, 4, '0'), ${company}, '批量练习 ' || g, 1, d.dir_code,
           1, now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
      from generate_series(1, ${PRACTICES}) g
      cross join lateral (select dir_code from ex_questiondir where company_sys_code = ${company} order by id
                           offset (g % greatest(1, (select count(*) from ex_questiondir where company_sys_code = ${company}))::int) limit 1) d`);
  await ctx.db.execute(sql`
    insert into ex_practiceparticipant (practice_id, kind, ref_id)
    select p.id, 'org', o.id from ex_practice p
      join org o on o.org_code = ${company} || '-BL' || (1 + substr(p.practice_code, 5)::int % ${DEPARTMENTS})
     where p.practice_code like 'BLPR%'`);
  await ctx.db.execute(sql`
    insert into ex_practiceanswer (practice_id, user_id, q_code, answer, is_right, answered_at)
    select p.id, u.id, 'BLQ' || k, 'A', k % 2, now()
      from ex_practice p join ex_practiceparticipant pp on pp.practice_id = p.id
      join lateral (select id from app_user where org_id = pp.ref_id order by id limit 300) u on true
      cross join generate_series(1, 5) k
     where p.practice_code like 'BLPR%'`);
}
