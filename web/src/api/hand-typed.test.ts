// ADR 0039: web calls go through the typed client (`call(endpoint, input)`, api/client.ts) and
// query keys live in one keys module per domain (api/*.keys.ts). What is still typed by hand —
// a request.ts wrapper called with its URL (and answer type) spelled at the call site, an inline
// query-key array — is counted per file below. The counts can only go down: a new hand-typed call
// or inline key fails, and so does a file that got better until its count here is lowered.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '..');
const WRAPPERS = ['post', 'get', 'postEnvelope', 'getEnvelope', 'upload', 'download', 'request', 'requestEnvelope'];

/** Hand-typed calls allowed per file (path below web/src). */
const HAND_TYPED_CALLS: Record<string, number> = {
  'api/content.ts': 5,
  'api/exams.ts': 1,
  'api/imports.ts': 2,
  'api/learnstats.ts': 1,
  'api/portal.ts': 1,
  'api/projects.ts': 17,
  'api/study.ts': 14,
  'api/trainres.ts': 22,
  'api/userexam.ts': 1,
  'pages/learner/examview/download.ts': 1,
};

/** Inline query keys allowed per file (`queryKey: [` and `invalidate: [[`). */
const INLINE_KEYS: Record<string, number> = {
  'components/ParticipantSelect/UserTab.tsx': 1,
  'components/ParticipantSelect/queries.ts': 2,
  'pages/admin/EditorDrawer.tsx': 1,
  'pages/admin/LifecycleList.tsx': 1,
  'pages/admin/auditlog/index.tsx': 1,
  'pages/admin/company/index.tsx': 1,
  'pages/admin/content/companies.ts': 1,
  'pages/admin/content/notices/NoticeEditor.tsx': 1,
  'pages/admin/content/notices/index.tsx': 1,
  'pages/admin/content/site/index.tsx': 2,
  'pages/admin/exam/manage/ExamEditor.tsx': 3,
  'pages/admin/exam/manage/index.tsx': 1,
  'pages/admin/exam/marking/index.tsx': 1,
  'pages/admin/exam/paper/PaperEditor.tsx': 2,
  'pages/admin/exam/paper/QuestionPicker.tsx': 1,
  'pages/admin/exam/paper/index.tsx': 2,
  'pages/admin/exam/question/QuestionEditor.tsx': 1,
  'pages/admin/exam/question/index.tsx': 2,
  'pages/admin/exam/result/ResultListDialog.tsx': 1,
  'pages/admin/exam/result/StatisticsPanel.tsx': 1,
  'pages/admin/exam/shared/ExamPicker.tsx': 1,
  'pages/admin/exam/shared/index.tsx': 1,
  'pages/admin/jobs/index.tsx': 2,
  'pages/admin/org/index.tsx': 1,
  'pages/admin/pageCtrl/index.tsx': 1,
  'pages/admin/project/EnrolmentDrawer.tsx': 2,
  'pages/admin/project/ProjectEditor.tsx': 2,
  'pages/admin/project/ResourcePicker.tsx': 1,
  'pages/admin/project/index.tsx': 2,
  'pages/admin/role/index.tsx': 3,
  'pages/admin/shared.tsx': 2,
  'pages/admin/trainres/MediaUploader.tsx': 2,
  'pages/admin/trainres/ResEditor.tsx': 2,
  'pages/admin/trainres/audit/index.tsx': 3,
  'pages/admin/trainres/dir/index.tsx': 1,
  'pages/admin/trainres/manage/index.tsx': 6,
  'pages/admin/trainres/shared.tsx': 2,
  'pages/admin/users/components/AssignDialogs.tsx': 1,
  'pages/admin/users/components/LearnerDialog.tsx': 2,
  'pages/admin/users/index.tsx': 3,
  'pages/dashboard/CoursePanels.tsx': 5,
  'pages/dashboard/HomePanels.tsx': 3,
  'pages/dashboard/StudyCardList.tsx': 1,
  'pages/learner/examview/ExamResultDialog.tsx': 1,
  'pages/learner/examview/index.tsx': 1,
  'pages/learner/messages/MessageList.tsx': 1,
  'pages/learner/myexam/AttemptHistory.tsx': 1,
  'pages/learner/myexam/ExamCards.tsx': 1,
  'pages/learner/project/index.tsx': 2,
  'pages/learner/regulations/index.tsx': 1,
  'pages/learner/study/index.tsx': 3,
  'pages/learner/trainres/index.tsx': 2,
  'pages/public/components/PortalHeader.tsx': 1,
  'pages/public/home/Courses.tsx': 2,
  'pages/public/home/LecturerDialog.tsx': 1,
  'pages/public/home/PreviewDialog.tsx': 1,
  'pages/public/home/SideLists.tsx': 2,
  'pages/public/home/index.tsx': 5,
  'pages/public/infonoticelist/index.tsx': 1,
};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function handTypedCalls(text: string): number {
  let count = 0;
  // the request.ts wrappers this file imports, called with a URL of its own
  for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'[./]*(?:api\/)?request'/g)) {
    const names = m[1]
      .split(',')
      .map((n) => n.trim().replace(/^type\s+/, ''))
      .filter((n) => WRAPPERS.includes(n));
    for (const name of names) count += text.match(new RegExp(`(?<![\\w.$])${name}\\s*(?:<[^()]*?>)?\\(`, 'g'))?.length ?? 0;
  }
  // the axios instance itself
  count += text.match(/\bservice\.(?:get|post|request)\s*(?:<[^()]*?>)?\(/g)?.length ?? 0;
  return count;
}

const inlineKeys = (text: string) => text.match(/queryKey:\s*\[|invalidate:\s*\[\s*\[/g)?.length ?? 0;

function measure(skip: (file: string) => boolean, count: (text: string) => number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const path of sources(SRC)) {
    const file = relative(SRC, path).split('\\').join('/');
    if (skip(file)) continue;
    const n = count(readFileSync(path, 'utf8'));
    if (n > 0) out[file] = n;
  }
  return out;
}

const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

describe('hand-typed calls and inline query keys (ADR 0039)', () => {
  // the wrappers themselves and the typed client built on them
  const calls = measure((f) => f === 'api/request.ts' || f === 'api/client.ts', handTypedCalls);
  const keys = measure((f) => /\.keys\.ts$/.test(f), inlineKeys);
  if (process.env.XUETU_PRINT_COUNTS) writeFileSync(process.env.XUETU_PRINT_COUNTS, JSON.stringify({ calls, keys }, null, 2));

  it(`calls the API through the typed client (hand-typed calls left: ${total(calls)})`, () => {
    expect(calls).toEqual(HAND_TYPED_CALLS);
  });

  it(`keeps query keys in the domains' keys modules (inline keys left: ${total(keys)})`, () => {
    expect(keys).toEqual(INLINE_KEYS);
  });
});
