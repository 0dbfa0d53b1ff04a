// Exam authoring's query keys (ADR 0039, ADR 0045): every key of its calls, in one place.
export const examKeys = {
  /** everything of exam authoring (what a write invalidates) */
  all: ['exam'] as const,
  /** the question bank's directory trees, every company */
  dirsAll: ['exam', 'dirs'] as const,
  dirs: (company: string) => ['exam', 'dirs', company] as const,
  /** the question bank's list, every page */
  questions: ['exam', 'questions'] as const,
  questionPage: (search: unknown, page: unknown) => ['exam', 'questions', search, page] as const,
  questionPicker: (filter: unknown, page: unknown, company: string) => ['exam', 'questions', 'picker', filter, page, company] as const,
  /** how many questions a random paper's rule may draw from */
  questionCount: (qType: number, dirCode: string, company: string) => ['exam', 'questions', 'count', qType, dirCode, company] as const,
  /** one question in the editor */
  question: (qCode: string | null) => ['exam', 'question', qCode] as const,
  /** the papers list (useLifecycleList adds filter, page and company) */
  papers: ['exam', 'papers'] as const,
  paperOptions: (company: string) => ['exam', 'papers', 'options', company] as const,
  /** one paper in the editor (useEditorRecord adds the code) */
  paper: ['exam', 'paper'] as const,
  paperPreview: (paperCode: string | null) => ['exam', 'paper', 'preview', paperCode] as const,
  /** the exams list (useLifecycleList adds filter, page and company) */
  exams: ['exam', 'exams'] as const,
  /** the results page's exams list */
  resultExams: ['exam', 'exams', 'results'] as const,
  examPicker: (company: string, keyword: string) => ['exam', 'exams', 'picker', company, keyword] as const,
  /** one exam in the editor (useEditorRecord adds the code) */
  exam: ['exam', 'exam'] as const,
  /** the marking queue and its statistics */
  marking: ['exam', 'marking'] as const,
  markingQueue: (examCode: string, qCode: string, page: unknown) => ['exam', 'marking', examCode, qCode, page] as const,
  markingStats: (examCode: string) => ['exam', 'marking', 'stats', examCode] as const,
  results: (examCode: string) => ['exam', 'results', examCode] as const,
  statistics: (examCode: string) => ['exam', 'statistics', examCode] as const,
};
