// The exam results domain's query keys (ADR 0039): every key of its calls, in one place.
export const examResultKeys = {
  /** the item analysis of one exam (issue 26 item 4) */
  itemAnalysis: (examCode: string) => ['exam', 'item-analysis', examCode] as const,
};
