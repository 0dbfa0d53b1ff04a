// The learner's study query keys (ADR 0039, ADR 0045): every key of its calls, in one place.
export const studyKeys = {
  all: ['study'] as const,
  detail: (rescode: string) => ['study', 'detail', rescode] as const,
  play: (rescode: string, lesson: number) => ['study', 'play', rescode, lesson] as const,
  interval: ['study', 'interval'] as const,
  relevant: (rescode: string) => ['study', 'relevant', rescode] as const,
  notes: (rescode: string) => ['study', 'notes', rescode] as const,
  /** the catalogue's directory tabs */
  dirs: ['study', 'dirs'] as const,
  catalogue: (query: unknown) => ['study', 'catalogue', query] as const,
};
