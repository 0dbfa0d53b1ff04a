// The exam results domain's query keys (ADR 0039): every key of its calls, in one place.
export const examResultKeys = {
  /** the item analysis of one exam (issue 26 item 4) */
  itemAnalysis: (examCode: string) => ['exam', 'item-analysis', examCode] as const,
};

/** The learner's exam calls (ex_userexam). */
export const myExamKeys = {
  /** the learner's exam cards, either filter */
  list: ['ex_userexam', 'GetMyExamList'] as const,
  listFiltered: (mustComplete: unknown) => ['ex_userexam', 'GetMyExamList', mustComplete] as const,
  attempts: (examCode: string) => ['ex_userexam', 'GetUserExamDetail', examCode] as const,
  result: (userpaperId: number | null) => ['ex_userexam', 'GetExamResult', userpaperId] as const,
};
