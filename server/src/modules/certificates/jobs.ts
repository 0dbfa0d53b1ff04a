import { CertMsg } from '@xuetu/contract';
import type { DbOrTx } from '../../db/client.ts';
import { defineJob, enqueueJob } from '../../platform/jobs/index.ts';
import { PLATFORM_WIDE } from '../../platform/scope.ts';
import { inTransaction } from '../../platform/tx.ts';
import type { ExamResultChange } from '../exam-taking/public.ts';
import { passedScores } from '../exam-taking/public.ts';
import { completedEnrolments } from '../projects/public.ts';
import * as repo from './certificates.repository.ts';
import { issueCertificate } from './issue.ts';

/**
 * Acts on one person's result in one exam for every certificate with a rule on it: issues when the
 * pass (and minimum score) is there and no certificate of that source exists; revokes, keeping the
 * reason, when a re-mark took the pass away; gives a certificate so revoked back when the pass
 * returns. It reads the result as it is when it runs, so a duplicate or late job changes nothing,
 * and it holds a lock per exam and person: two jobs of the same pair run one after the other.
 */
export const examResultJob = defineJob<{ examId: number; userId: number }>('certificates.examResult', {
  title: '证书发放（考试结果）',
  concurrency: 4,
  maxAttempts: 5,
  run: async (job, { ctx }) => {
    const { examId, userId } = job.payload;
    await inTransaction(ctx, async (tx) => {
      await repo.lockExamHolder(tx, examId, userId);
      const rules = await repo.examRulesOf(tx, examId);
      if (!rules.length) return;
      const person = await repo.personOf(tx, userId);
      if (!person) return;
      const best = (await passedScores(tx, examId, [userId])).get(userId);
      const now = ctx.clock.now();
      const source = `exam:${examId}`;
      for (const { definition, minScore, examName } of rules) {
        // a rule names its own company's exam; a person who moved company keeps what they hold
        if (definition.companySysCode !== person.companySysCode) continue;
        const earned = best !== undefined && (minScore == null || best >= minScore);
        const held = await repo.findBySource(tx, definition.id, userId, source);
        if (earned && !held)
          await issueCertificate(tx, PLATFORM_WIDE, {
            definition,
            userId,
            holderName: person.chnName,
            source,
            score: best,
            issuedBy: null,
            now,
          });
        else if (earned && held?.status === repo.IssuedStatus.Revoked) await repo.restoreIssued(tx, PLATFORM_WIDE, held.id);
        else if (!earned && held?.status === repo.IssuedStatus.Valid)
          await repo.revokeIssued(tx, PLATFORM_WIDE, held.id, { reason: CertMsg.lostPass(examName), kind: 'auto', by: null, now });
      }
    });
  },
});

/**
 * The hook exam taking calls in the transaction that scored or re-marked an attempt (wired in
 * modules/index.ts): the job is enqueued in that same commit, only for exams a certificate names.
 */
export async function onExamResult(tx: DbOrTx, change: ExamResultChange): Promise<void> {
  if (!(await repo.examHasRules(tx, change.examId))) return;
  await enqueueJob(tx, examResultJob, { examId: change.examId, userId: change.userId }, { now: change.now });
}

/**
 * Issues the certificates whose rule is completing a training project to the people enrolled in it
 * who have completed it (projects' completedEnrolments: the learner card's 已达标), once each
 * (the source `project:<id>`). A sweep every quarter hour: completion follows from study time
 * credited by the courses module's heartbeats, which tell no module when a project is reached.
 */
export const projectSweepJob = defineJob('certificates.projectSweep', {
  title: '证书发放（培训项目完成）',
  schedule: { everyMs: 15 * 60_000 },
  maxAttempts: 3,
  run: async (_job, { ctx }) => {
    const now = ctx.clock.now();
    for (const { definition, projectId } of await repo.projectRules(ctx.db)) {
      const source = `project:${projectId}`;
      await inTransaction(ctx, async (tx) => {
        const done = await completedEnrolments(tx, projectId!, now);
        const people = await repo.peopleInCompany(tx, definition.companySysCode, done);
        const held = await repo.holdersOfSource(
          tx,
          definition.id,
          source,
          people.map((p) => p.id),
        );
        for (const p of people)
          if (!held.has(p.id))
            await issueCertificate(tx, PLATFORM_WIDE, {
              definition,
              userId: p.id,
              holderName: p.chnName,
              source,
              score: null,
              issuedBy: null,
              now,
            });
      });
    }
  },
});
