import { DEMO_COMPANY } from '../../db/seed/demo.ts';
import type { AppContext } from '../../platform/context.ts';
import { PLATFORM_WIDE } from '../../platform/scope.ts';
import { inTransaction } from '../../platform/tx.ts';
import { findPeopleByAccount } from '../directory/public.ts';
import { passedScores } from '../exam-taking/public.ts';
import { demoHistoryExam } from '../exams/public.ts';
import * as repo from './certificates.repository.ts';
import { issueCertificate } from './issue.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The demo's certificate (issue 42): 消防安全合格证 of the demo company, issued on passing the closed
 * demo exam, held by those of its history who passed (as the issue job would have given it then).
 */
export async function seedDemoCertificates(ctx: AppContext): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const exam = await demoHistoryExam(tx);
    if (!exam) return;
    const now = ctx.clock.now();
    const definition = await repo.insertDefinition(tx, PLATFORM_WIDE, {
      companySysCode: DEMO_COMPANY.companySysCode,
      name: '消防安全合格证',
      template: 'classic',
      prefix: 'XF',
      validityMonths: 24,
      enabled: true,
      createdBy: null,
      now,
    });
    await repo.replaceRules(tx, PLATFORM_WIDE, definition.id, [{ kind: 'exam', examId: exam.id, projectId: null, minScore: null }]);
    const learners = await findPeopleByAccount(tx, { company: DEMO_COMPANY.companySysCode, prefix: 'learner' });
    const passed = await passedScores(
      tx,
      exam.id,
      learners.map((l) => l.id),
    );
    for (const l of learners) {
      const score = passed.get(l.id);
      if (score === undefined) continue;
      await issueCertificate(tx, PLATFORM_WIDE, {
        definition,
        userId: l.id,
        holderName: l.chnName,
        source: `exam:${exam.id}`,
        score,
        issuedBy: null,
        now: new Date(now.getTime() - 35 * DAY),
      });
    }
  });
}
