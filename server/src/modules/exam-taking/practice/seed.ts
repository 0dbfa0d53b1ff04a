import { PracticeSource, PracticeStatus, WRONG_CLEAR_STREAK_DEFAULT } from '@xuetu/contract';
import { OTHER_COMPANY } from '../../../db/seed/demo.ts';
import { newCode } from '../../../platform/codes.ts';
import type { AppContext } from '../../../platform/context.ts';
import { PLATFORM_WIDE } from '../../../platform/scope.ts';
import { inTransaction } from '../../../platform/tx.ts';
import { topDepartmentOf } from '../../directory/public.ts';
import { DEMO_PRACTICE_DIR, questionDirCode } from '../../exams/public.ts';
import * as repo from './practice.repository.ts';

/**
 * Demo practice (ADR 0043): the other company's 日常练习 bank, open to its whole company (its top
 * department). Its questions are in none of that company's papers, so practice shows their keys.
 */
export async function seedDemoPractices(ctx: AppContext): Promise<void> {
  const company = OTHER_COMPANY.companySysCode;
  const dirCode = await questionDirCode(ctx.db, company, DEMO_PRACTICE_DIR);
  if (!dirCode) return;
  const now = ctx.clock.now();
  await inTransaction(ctx, async (tx) => {
    const top = await topDepartmentOf(tx, company);
    if (top === undefined) return;
    const row = await repo.insertPractice(tx, PLATFORM_WIDE, {
      practiceCode: newCode('PR'),
      companySysCode: company,
      practiceName: '仓储安全日常练习',
      sourceKind: PracticeSource.Dir,
      sourceCode: dirCode,
      clearStreak: WRONG_CLEAR_STREAK_DEFAULT,
      status: PracticeStatus.Open,
      createdAt: now,
      updatedAt: now,
    });
    await repo.replaceParticipants(tx, PLATFORM_WIDE, row.id, [{ kind: 'org', refId: top }]);
  });
}
