// The learning statistics' query keys (ADR 0039, ADR 0045): every key of their calls, in one place.
export const learnstatsKeys = {
  /** every statistic (what studying invalidates) */
  all: ['learnstats'] as const,
  monthLog: (month: string) => ['learnstats', 'monthLog', month] as const,
  stats: ['learnstats', 'stats'] as const,
  recommend: (cate: number) => ['learnstats', 'recommend', cate] as const,
  userCount: ['learnstats', 'userCount'] as const,
  /** the signed-out course preview of /home */
  preview: (rescode: string) => ['preview', rescode] as const,
};
