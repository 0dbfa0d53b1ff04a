import type { DbOrTx } from '../../db/client.ts';
import { examStandings } from '../exam-taking/public.ts';
import { linkedExamCodes } from './projects.repository.ts';

export interface LinkedExam {
  examCode: string;
  examName: string;
  /** the person's best score reaches the pass score */
  passed: boolean;
  /** the person has begun it at least once */
  taken: boolean;
}

/**
 * The linked exams of the projects that still exist, in each project's order, with the people's
 * standing in them: two queries for any number of projects and people (the exams module's).
 */
export async function linkedExams(
  db: DbOrTx,
  projectIds: number[],
  userIds: number[] = [],
): Promise<(projectId: number, userId?: number) => LinkedExam[]> {
  const codes = await linkedExamCodes(db, projectIds);
  const standings = await examStandings(db, [...new Set([...codes.values()].flat())], userIds);
  return (projectId, userId) =>
    (codes.get(projectId) ?? []).flatMap((examCode) => {
      const examName = standings.names.get(examCode);
      if (examName === undefined) return [];
      const s = userId === undefined ? { passed: false, taken: false } : standings.of(examCode, userId);
      return [{ examCode, examName, ...s }];
    });
}
