// The action tree (sys_action): menus (type 0), pages (type 1) and permissions (type 2).
// Seeded on first start; the values gate both server routes and web buttons.
// Values named in the specs keep their exact spelling (User.AddUser, role.add, ...).

export const Perm = {
  // learning centre (learner pages)
  StudyCourses: 'Study.Courses',
  StudyMine: 'Study.Mine',
  StudyExams: 'Study.Exams',
  StudyPractice: 'Study.Practice',
  StudyWrongBook: 'Study.WrongBook',
  StudyRegulations: 'Study.Regulations',
  StudyMessages: 'Study.Messages',
  StudyCertificates: 'Study.Certificates',

  // users
  UserList: 'User.List',
  UserAdd: 'User.AddUser',
  UserImportExport: 'User.ExportInUser',
  UserSysEdit: 'User.SysEdit',
  UserCompanyEdit: 'User.ComPanyEdit',
  UserSetRoles: 'User.SetRoles',
  UserSetCompany: 'User.SetComPany',
  OrgList: 'Org.List',
  OrgAdd: 'Org.Add',
  OrgEdit: 'Org.Edit',
  OrgDelete: 'Org.Delete',
  PostList: 'Post.List',
  PostAdd: 'Post.Add',
  PostEdit: 'Post.Edit',
  PostDelete: 'Post.Delete',
  PostSetOrg: 'Post.SetOrg',
  CompanyList: 'Company.List',
  CompanyAdd: 'Company.Add',
  CompanyEdit: 'Company.Edit',
  CompanyStatus: 'Company.Status',

  // system
  RoleList: 'Role.List',
  RoleAdd: 'role.add',
  RoleEdit: 'role.edit',
  ActionList: 'Action.List',
  ActionAdd: 'Action.Add',
  ActionEdit: 'Action.Edit',
  ActionStatus: 'Action.Status',
  AuditLogList: 'AuditLog.List',
  JobList: 'Job.List',
  JobRetry: 'Job.Retry',
  IdentitySourceList: 'IdentitySource.List',
  IdentitySourceEdit: 'IdentitySource.Edit',

  // content
  NoticeList: 'Notice.List',
  NoticeAdd: 'Notice.Add',
  NoticeEdit: 'Notice.Edit',
  NoticeDelete: 'Notice.Delete',
  NoticePublish: 'Notice.Publish',
  LinkList: 'Link.List',
  LinkEdit: 'Link.Edit',
  LecturerList: 'Lecturer.List',
  LecturerEdit: 'Lecturer.Edit',
  ModelList: 'Model.List',
  ModelEdit: 'Model.Edit',
  RegulationList: 'Regulation.List',
  RegulationEdit: 'Regulation.Edit',
  SiteSettings: 'Site.Edit',
  MessageSend: 'Message.Send',

  // training
  ResDirList: 'ResDir.List',
  ResDirEdit: 'ResDir.Edit',
  ResList: 'Res.List',
  ResAdd: 'Res.Add',
  ResEdit: 'Res.Edit',
  ResDelete: 'Res.Delete',
  ResAudit: 'Res.Audit',
  ResRecommend: 'Res.Recommend',
  ProjectList: 'Project.List',
  ProjectEdit: 'Project.Edit',
  ProjectPublish: 'Project.Publish',
  // certificates (issue 42): define certificates and their rules; issue by hand and revoke
  CertificateList: 'Certificate.List',
  CertificateEdit: 'Certificate.Edit',
  CertificateIssue: 'Certificate.Issue',

  // exams
  QuestionList: 'Question.List',
  QuestionEdit: 'Question.Edit',
  QuestionImport: 'Question.Import',
  PaperList: 'Paper.List',
  PaperEdit: 'Paper.Edit',
  ExamList: 'Exam.List',
  ExamEdit: 'Exam.Edit',
  ExamPublish: 'Exam.Publish',
  ExamMark: 'Exam.Mark',
  ExamResultList: 'ExamResult.List',
  PracticeList: 'Practice.List',
  PracticeEdit: 'Practice.Edit',
} as const;
export type PermValue = (typeof Perm)[keyof typeof Perm];

export interface ActionNode {
  /** unique code, also the value that gates routes and buttons */
  value: string;
  name: string;
  type: 0 | 1 | 2;
  /** view path of a page (type 1) */
  url?: string;
  /** antd icon name */
  icon?: string;
  isHidden?: 0 | 1;
  children?: ActionNode[];
}

const page = (value: string, name: string, url: string, icon: string, perms: [string, string][] = [], isHidden: 0 | 1 = 0): ActionNode => ({
  value,
  name,
  type: 1,
  url,
  icon,
  isHidden,
  children: perms.map(([v, n]) => ({ value: v, name: n, type: 2 })),
});
const menu = (value: string, name: string, icon: string, children: ActionNode[]): ActionNode => ({ value, name, type: 0, icon, children });

export const ACTION_TREE: ActionNode[] = [
  menu('Menu.Study', '学习中心', 'ReadOutlined', [
    page(Perm.StudyCourses, '培训资源', '/trainres/index', 'PlayCircleOutlined'),
    page(Perm.StudyMine, '我的学习', '/project/mystudy', 'BookOutlined'),
    page(Perm.StudyExams, '我的考试', '/ysUserExam/myexam', 'FormOutlined'),
    page(Perm.StudyPractice, '我的练习', '/ysUserExam/practice', 'EditOutlined'),
    page(Perm.StudyWrongBook, '错题本', '/ysUserExam/wrongbook', 'ExceptionOutlined'),
    page(Perm.StudyRegulations, '规章制度', '/regulations/index', 'FileTextOutlined'),
    page(Perm.StudyMessages, '我的消息', '/ydmessage/index', 'MessageOutlined'),
    page(Perm.StudyCertificates, '我的证书', '/certificate/mine', 'SafetyCertificateOutlined'),
  ]),
  menu('Menu.User', '用户管理', 'TeamOutlined', [
    page(Perm.UserList, '用户管理', '/ydUser/index', 'UserOutlined', [
      [Perm.UserAdd, '新增学员'],
      [Perm.UserImportExport, '导入导出'],
      [Perm.UserSysEdit, '系统编辑模式'],
      [Perm.UserCompanyEdit, '公司编辑模式'],
      [Perm.UserSetRoles, '分配角色'],
      [Perm.UserSetCompany, '分配公司'],
    ]),
    page(Perm.OrgList, '组织架构', '/ydUser/org', 'ApartmentOutlined', [
      [Perm.OrgAdd, '新增部门'],
      [Perm.OrgEdit, '编辑部门'],
      [Perm.OrgDelete, '删除部门'],
    ]),
    page(Perm.PostList, '岗位管理', '/ydUser/post', 'IdcardOutlined', [
      [Perm.PostAdd, '新增岗位'],
      [Perm.PostEdit, '编辑岗位'],
      [Perm.PostDelete, '删除岗位'],
      [Perm.PostSetOrg, '分配部门'],
    ]),
    page(Perm.CompanyList, '公司管理', '/ydUser/company', 'BankOutlined', [
      [Perm.CompanyAdd, '新增公司'],
      [Perm.CompanyEdit, '编辑公司'],
      [Perm.CompanyStatus, '启用停用公司'],
    ]),
  ]),
  menu('Menu.Training', '培训管理', 'VideoCameraOutlined', [
    page(Perm.ResDirList, '资源目录', '/trainres/dir', 'FolderOutlined', [[Perm.ResDirEdit, '编辑目录']]),
    page(Perm.ResList, '资源管理', '/trainres/manage', 'PlaySquareOutlined', [
      [Perm.ResAdd, '新增资源'],
      [Perm.ResEdit, '编辑资源'],
      [Perm.ResDelete, '删除资源'],
      [Perm.ResRecommend, '推荐设置'],
    ]),
    page(Perm.ResAudit, '资源审核', '/trainres/audit', 'AuditOutlined'),
    page(Perm.ProjectList, '培训项目', '/project/manage', 'ProjectOutlined', [
      [Perm.ProjectEdit, '编辑项目'],
      [Perm.ProjectPublish, '发布结束项目'],
    ]),
    page(Perm.CertificateList, '证书管理', '/certificate/manage', 'SafetyCertificateOutlined', [
      [Perm.CertificateEdit, '编辑证书'],
      [Perm.CertificateIssue, '发放撤销证书'],
    ]),
  ]),
  menu('Menu.Exam', '考试管理', 'SolutionOutlined', [
    page(Perm.QuestionList, '题库管理', '/exam/question', 'DatabaseOutlined', [
      [Perm.QuestionEdit, '编辑试题'],
      [Perm.QuestionImport, '导入导出试题'],
    ]),
    page(Perm.PaperList, '试卷管理', '/exam/paper', 'ProfileOutlined', [[Perm.PaperEdit, '编辑试卷']]),
    page(Perm.ExamList, '考试安排', '/exam/manage', 'ScheduleOutlined', [
      [Perm.ExamEdit, '编辑考试'],
      [Perm.ExamPublish, '发布结束考试'],
    ]),
    page(Perm.ExamMark, '阅卷', '/exam/marking', 'HighlightOutlined'),
    page(Perm.ExamResultList, '考试成绩', '/exam/result', 'BarChartOutlined'),
    page(Perm.PracticeList, '练习管理', '/exam/practice', 'EditOutlined', [[Perm.PracticeEdit, '编辑练习']]),
  ]),
  menu('Menu.Content', '内容管理', 'NotificationOutlined', [
    page(Perm.NoticeList, '公告管理', '/content/notice', 'SoundOutlined', [
      [Perm.NoticeAdd, '新增公告'],
      [Perm.NoticeEdit, '编辑公告'],
      [Perm.NoticeDelete, '删除公告'],
      [Perm.NoticePublish, '发布公告'],
    ]),
    page(Perm.LinkList, '链接管理', '/content/link', 'LinkOutlined', [[Perm.LinkEdit, '编辑链接']]),
    page(Perm.LecturerList, '讲师管理', '/content/lecturer', 'CrownOutlined', [[Perm.LecturerEdit, '编辑讲师']]),
    page(Perm.ModelList, '展示模块', '/content/model', 'AppstoreOutlined', [[Perm.ModelEdit, '编辑模块']]),
    page(Perm.RegulationList, '规章制度文件', '/content/regulation', 'FileProtectOutlined', [[Perm.RegulationEdit, '编辑文件']]),
    page(Perm.SiteSettings, '站点设置', '/content/site', 'SettingOutlined'),
    page(Perm.MessageSend, '消息发送', '/content/message', 'SendOutlined'),
  ]),
  menu('Menu.System', '系统管理', 'SafetyOutlined', [
    page(Perm.RoleList, '角色管理', '/permission/role', 'UsergroupAddOutlined', [
      [Perm.RoleAdd, '新增角色'],
      [Perm.RoleEdit, '编辑角色'],
    ]),
    page(Perm.ActionList, '权限管理', '/permission/pageCtrl', 'LockOutlined', [
      [Perm.ActionAdd, '新增权限'],
      [Perm.ActionEdit, '编辑权限'],
      [Perm.ActionStatus, '启用停用权限'],
    ]),
    page(Perm.AuditLogList, '操作日志', '/system/auditlog', 'HistoryOutlined'),
    page(Perm.JobList, '后台任务', '/system/jobs', 'ScheduleOutlined', [[Perm.JobRetry, '重试任务']]),
    page(Perm.IdentitySourceList, '身份源', '/system/identity-sources', 'KeyOutlined', [[Perm.IdentitySourceEdit, '编辑身份源']]),
  ]),
];

/** Every action value in the tree, flattened. */
export function flattenActions(nodes: ActionNode[] = ACTION_TREE): ActionNode[] {
  return nodes.flatMap((n) => [n, ...flattenActions(n.children ?? [])]);
}
