import type { ExamPaperView, MenuEntry, PlayListAnswer, StudyBeatAnswer, UserInfo } from '@xuetu/contract';

export const adminInfo = {
  userId: 1,
  accountCode: 'admin',
  userType: 'SysUser',
  name: '平台管理员',
  chnName: '平台管理员',
  avatar: '',
  roles: ['admin'],
  sysRoles: [1],
  sysroles: [1],
  orgname: '平台运营部',
  postname: '系统管理员',
  comPanyName: '学途平台',
  mustChangePassword: false,
} as unknown as UserInfo;

export const adminMenus: MenuEntry[] = [
  {
    id: 10,
    name: '用户管理',
    icon: 'TeamOutlined',
    isHidden: 0,
    value: 'Menu.User',
    child: [
      { id: 11, name: '用户管理', icon: 'UserOutlined', isHidden: 0, value: 'User.List', url: '/ydUser/index' },
      { id: 12, name: '组织架构', icon: 'ApartmentOutlined', isHidden: 0, value: 'Org.List', url: '/ydUser/org' },
    ],
  },
];

type OptionKey = 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h' | 'i';

/** A question's nine option fields, empty but the ones given: `...optionFields({ a: '110', b: '119' })`. */
export const optionFields = (filled: Partial<Record<OptionKey, string>> = {}): Record<OptionKey, string> => ({
  a: '',
  b: '',
  c: '',
  d: '',
  e: '',
  f: '',
  g: '',
  h: '',
  i: '',
  ...filled,
});

/**
 * An attempt's paper as GetExamPaper answers it, 30 minutes left, held here, nothing answered and no
 * leave limit; a test gives its exam and questions: `examPaper({ examCode: 'E1', questions: [q] })`.
 */
export const examPaper = (
  fields: Partial<ExamPaperView> & Pick<ExamPaperView, 'userpaperId' | 'examCode' | 'questions'>,
): ExamPaperView => ({
  examName: '考试',
  time: 30,
  totlescore: 100,
  totleq: fields.questions.length,
  status: 20,
  answers: {},
  seqs: {},
  flags: [],
  deadline: '',
  serverNow: '',
  deadlineMs: Date.now() + 30 * 60_000,
  serverNowMs: Date.now(),
  remainingSeconds: 1800,
  heldHere: true,
  leaveLimit: 0,
  leaveCount: 0,
  leavesLeft: 0,
  requireFullScreen: 0,
  ...fields,
});

/** A lesson's play list as GetPlayList answers it: a video file of 100 s unless told otherwise. */
export const playList = (o: Partial<PlayListAnswer> = {}): PlayListAnswer => ({
  playList: [{ item1: 'FD', item2: '/prod-api/media/play/M1/FD/source.mp4?t=a' }],
  attExt: '.mp4',
  cover: '',
  resType: 1,
  resName: '课',
  duration: 100,
  previewSeconds: 0,
  format: 'file',
  note: '',
  ...o,
});

/** A study heartbeat's answer: accepted, nothing credited, no presence check, unless told otherwise. */
export const beatAnswer = (o: Partial<StudyBeatAnswer> = {}): StudyBeatAnswer => ({
  accepted: true,
  opened: false,
  takenOver: false,
  credited: 0,
  studySeconds: 0,
  duration: 100,
  progress: 0,
  completed: 0,
  presence: 0,
  ...o,
});
