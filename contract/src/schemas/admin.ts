// Administration area (spec administration §2–§9): users, organisations, posts, companies,
// roles, permissions, import. One source for the server's input schemas and the web forms' rules.
import { z } from 'zod';
import { isValidIdCard } from '../idcard.ts';
import { CONTACT_PHONE_MSG, CONTACT_PHONE_PATTERN, PHONE_PATTERN } from '../limits.ts';
import { Msg } from '../messages.ts';
import { DB_INT_MAX, DB_INT_MIN, pagingShape } from './common.ts';

/**
 * The 0/1 status of users, companies, permissions (sys_action: menus, pages, buttons) and the
 * grants built from them (spec administration §4, §6: 1 enabled / valid, 0 disabled / invalid).
 */
export const EnableStatus = { Disabled: 0, Enabled: 1 } as const;
export type EnableStatusValue = (typeof EnableStatus)[keyof typeof EnableStatus];

/** Texts of the administration screens (spec §5, §8), verbatim. */
export const AdminMsg = {
  nameRequired: '请输入姓名',
  idCardRequired: '请输入身份证',
  mobileRequired: '请输入手机号',
  idCardFormat: '请输入正确的身份证号',
  selectOrg: '请选择部门！',
  selectPost: '请选择岗位！',
  selectPartTimePost: '请选择兼职岗位',
  orgFirst: '请先选择部门',
  roleNameRequired: '请输入角色名称',
  orgNameRequired: '请输入部门名称',
  postNameRequired: '请输入岗位名称',
  actionNameRequired: '请输入菜单名',
  mustBePositive: '必须大于0',
  importFileType: '请上传excel文件！格式：xls,xlsx',
  importFileSize: '文件不能超过 10MB',
  chooseFile: '请选择文件',
  checkOk: '校验成功,可以导入',
  checkOkNoError: '校验成功,无错误',
  imported: '导入成功',
  exportPickCompany: '请先选择要导出的学员用户数据所在的公司',
  exportFailed: '导出失败',
  companySet: '设置成功',
  removed: '移除成功',
  pickCompany: '请先选择公司',
  idCardTaken: '该身份证号在本公司已存在',
  mobileTaken: '该手机号在本公司已被其他学员使用',
  companyCodeTaken: '公司编码已存在',
  companyTaken: '公司编码已存在或公司名称重复',
  actionCodeTaken: '权限编码已存在',
  actionCodeTakenValue: (value: string) => `权限编码已存在：${value}`,
  postNameTaken: '该岗位名称已存在',
  cannotDisableSelf: '不能停用自己的账号',
  roleNotGrantable: '不能分配超出自己权限的角色',
  actionsNotHeld: '只能从自己拥有的权限中选择',
  sysRoleLocked: '角色类型设置后不能修改',
  sysRoleRestricted: '不能设置平台管理员或平台运营角色类型',
  rootNotEditable: '根节点不能编辑或删除',
  orgParentLoop: '不能把部门移动到它自己或下级部门之下',
  orgNameTaken: '同一上级部门下已有同名部门',
  orgHasUsers: (n: number | string) => `该部门及其下级部门还有 ${n} 名用户，请先将他们调到其他部门后再删除`,
  postHasUsers: (n: number | string) => `该岗位还有 ${n} 名用户，请先调整他们的岗位后再删除`,
  /** the answer of a password reset: the temporary password is shown this once */
  passwordReset: (name: string, account: string, temporary: string) =>
    `${name}（${account}）的密码已重置为：${temporary}  该密码只显示这一次，请转告本人；登录后须立即修改密码。`,
  /** the answer of an import */
  importDone: (added: number, updated: number) => `导入成功：新增 ${added} 人，更新 ${updated} 人`,
  /** the answer of an import check with errors */
  importCheckErrors: (rows: number, badRows: number) => `共 ${rows} 行数据，${badRows} 行有错误`,
  /** the answer of a large import: it runs as a background job (data { jobId, rows }) */
  importStarted: (rows: number) => `导入已开始：共 ${rows} 行，完成后可在导入窗口查看结果`,
  xlsUnsupported: '暂不支持旧版 xls 格式，请在 Excel 中另存为 xlsx 后再上传',
} as const;

/** field limits of the company form (the web form reads them too) */
export const CompanyLimits = { nameMax: 100, codeMax: 30, contactNameMax: 50, contactPhoneMax: 30 } as const;
/** a person's, department's, post's, role's or menu entry's name */
export const ADMIN_NAME_MAX = 50;

/** Export file name: spec §9 '员工数据[列表]-' + timestamp; a real .xlsx (DESIGN.md §4, ADR 0011). */
export const USER_EXPORT_PREFIX = '员工数据[列表]-';
export const IMPORT_DIALOG_WIDTH = 1080;
export const IMPORT_RESULT_ROWS = 6;
export const COMPANY_SEARCH_ROWS = 100;
export const ROLE_LIST_ROWS = 1000;
/** The virtual root of the organisation tree (spec: id -1, not editable). */
export const ORG_ROOT_ID = -1;
/** The label of that virtual root. */
export const ORG_ROOT_LABEL = '全部部门';
export const USER_TEMPLATE_URL = '/Download/FileTemplate/UserTemplete.xlsx';
export const COMPANY_USER_TEMPLATE_URL = '/Download/FileTemplate/CompanyuserTemplete.xlsx';

/** Limits of an uploaded import workbook (untrusted input). */
export const IMPORT_LIMITS = {
  maxFileBytes: 10 * 1024 * 1024,
  /**
   * total uncompressed size of the xlsx parts (zip-bomb guard): 20,000 rows of the user template
   * unzip to about 8 MB, 5,000 questions with long texts to about 27 MB (ADR 0006 "Large workbooks")
   */
  maxUnzippedBytes: 32 * 1024 * 1024,
  maxZipEntries: 2_000,
  maxRows: 20_000,
} as const;

/** Columns of the import templates, in order. The company template adds 公司编码 in front. */
export const IMPORT_COLUMNS = ['姓名', '身份证号', '手机号', '部门', '岗位', '兼职岗位', '有效期'] as const;
export const IMPORT_COMPANY_COLUMN = '公司编码';

/**
 * Texts of the user import: the failures' formatted messages and the check's one message per bad
 * cell (`第N行，列：原因`), each reason one of the texts below.
 */
export const ImportMsg = {
  /** IMPORT_HEADER_MISSING with the missing columns */
  headerMissing: (cols: string) => `表头缺少列：${cols}，请使用导入模板`,
  /** IMPORT_HEADER_MISSING when either of two columns will do */
  headerNeedsOne: (a: string, b: string) => `表头缺少列：${a}或${b}`,
  tooManyRows: `单次最多导入 ${IMPORT_LIMITS.maxRows} 行，请拆分后分批导入`,
  cellError: (row: number, col: string, reason: string) => `第${row}行，${col}：${reason}`,
  required: '不能为空',
  nameTooLong: '不能超过50个字',
  idCardAsNumber: '请将身份证号列设置为文本格式后重新填写',
  badFormat: '格式不正确',
  duplicateOf: (row: number | undefined) => `与第${row}行重复`,
  dateFormat: '日期格式应为 yyyy-MM-dd',
  companyNotFound: (code: string) => `公司 ${code} 不存在`,
  orgAmbiguous: (org: string) => `存在多个名为“${org}”的部门，请填写完整路径，如 技术研发部/前端组`,
  orgNotFound: (org: string) => `部门“${org}”不存在`,
  postNotFound: (post: string) => `岗位“${post}”不存在`,
  mobileTaken: '已被本公司其他学员使用',
  /** UserExportIn: a listed row that matched nobody */
  rowNotFound: (row: number, name: string) => `第${row}行 ${name} 未找到`,
} as const;

/** A string field: absent or null read as '' (the old clients send nulls). */
const text = (max: number) =>
  z.preprocess((v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v), z.string().trim().max(max));
const optId = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number().int().min(DB_INT_MIN).max(DB_INT_MAX).optional(),
);
const id = (msg = '参数 id 有误') => z.coerce.number({ error: msg }).int(msg).min(DB_INT_MIN, msg).max(DB_INT_MAX, msg);

// ---- users ----------------------------------------------------------------------------------

export const userListBody = z.object({
  ...pagingShape,
  key: text(100).default(''),
  /** '' all, '1' enabled, '0' disabled */
  status: text(2).default(''),
  orgCode: text(100).default(''),
  postCode: text(100).default(''),
  refCompanyCode: text(100).default(''),
  totle: z.unknown().optional(),
});
export type UserListBody = z.infer<typeof userListBody>;

export interface UserRowView {
  userId: number;
  chnName: string;
  accountCode: string;
  userType: string;
  companySysCode: string;
  companyCode: string;
  companyName: string;
  orgCode: string;
  orgCodeName: string;
  postCode: string;
  postCodeName: string;
  partTimePostCode: string;
  partTimePostCodeName: string;
  idCard: string;
  mobile: string;
  status: number;
  validDate: string;
  roleCode: string[];
  roleName: string[];
  /** false for an imported employee who has not registered yet */
  activated: boolean;
}

export const userIdQuery = z.object({ userId: id('参数 UserId 有误') });

export const setUserCompanyQuery = z.object({
  code: text(100).pipe(z.string().min(1, AdminMsg.pickCompany)),
  userId: id('参数 UserId 有误'),
});

export const saveUserRoleBody = z.object({
  userId: id('参数 UserId 有误'),
  roleList: z.array(z.string().max(100)).max(100).default([]),
});

export const learnerBody = z.object({
  /** 1: add (new learner); otherwise edit */
  type: z.coerce.number().optional(),
  userId: optId,
  chnName: z.string({ error: AdminMsg.nameRequired }).trim().min(1, AdminMsg.nameRequired).max(ADMIN_NAME_MAX),
  idCard: z
    .string({ error: AdminMsg.idCardRequired })
    .trim()
    .min(1, AdminMsg.idCardRequired)
    .transform((v) => v.toUpperCase())
    .refine(isValidIdCard, AdminMsg.idCardFormat),
  mobile: z.string({ error: AdminMsg.mobileRequired }).trim().min(1, AdminMsg.mobileRequired).regex(PHONE_PATTERN, Msg.phoneFormat),
  validDate: text(30).default(''),
  orgCode: text(100).default(''),
  postCode: text(100).default(''),
  partTimePostCode: text(100).default(''),
  userType: z.enum(['ComPanyUser', 'SysUser']).catch('ComPanyUser').default('ComPanyUser'),
  /** the company, for platform staff adding a learner (their own company otherwise) */
  companySysCode: text(100).default(''),
});
export type LearnerBody = z.input<typeof learnerBody>;

// ---- companies ------------------------------------------------------------------------------

export const companyListBody = z.object({
  ...pagingShape,
  search: z.object({ key: text(100).default(''), status: text(2).default('') }).default({ key: '', status: '' }),
});

export interface CompanyView {
  companySysCode: string;
  companyCode: string;
  companyName: string;
  status: number;
  contactName: string;
  contactPhone: string;
  userCount: number;
  createTime: string;
}

export const companyBody = z.object({
  /** empty: a new company */
  companySysCode: text(100).default(''),
  companyCode: z
    .string({ error: '请输入公司编码' })
    .trim()
    .min(1, '请输入公司编码')
    .max(CompanyLimits.codeMax)
    .regex(/^[A-Za-z0-9_-]+$/, '公司编码只能包含字母、数字、下划线和短横线'),
  companyName: z.string({ error: '请输入公司名称' }).trim().min(1, '请输入公司名称').max(CompanyLimits.nameMax),
  contactName: text(CompanyLimits.contactNameMax).default(''),
  contactPhone: text(CompanyLimits.contactPhoneMax)
    .refine((v) => v === '' || CONTACT_PHONE_PATTERN.test(v), CONTACT_PHONE_MSG)
    .default(''),
  status: z.coerce.number().int().min(0).max(1).default(1),
});
export type CompanyBody = z.input<typeof companyBody>;

export const companyCodeQuery = z.object({ companySysCode: text(100).pipe(z.string().min(1, '参数 CompanySysCode 有误')) });

// ---- organisations --------------------------------------------------------------------------

export const orgTreeQuery = z.object({
  /** 0: without the virtual root (-1) */
  showTop: z.coerce.number().int().default(1),
  date: z.unknown().optional(),
  companySysCode: text(100).default(''),
});

export interface OrgNode {
  id: number;
  orgCode: string;
  orgName: string;
  label: string;
  pId: number;
  order: number;
  companySysCode: string;
  children: OrgNode[];
}

export const orgBody = z.object({
  id: optId,
  orgCode: text(100).default(''),
  orgName: z.string({ error: AdminMsg.orgNameRequired }).trim().min(1, AdminMsg.orgNameRequired).max(ADMIN_NAME_MAX),
  /** spec: a top-level parent -1 is sent as 0 */
  pId: z.preprocess((v) => (v === '' || v === null || v === undefined ? 0 : v), z.coerce.number().int()).transform((v) => Math.max(v, 0)),
  /** spec: empty order becomes 0 */
  order: z.preprocess((v) => (v === '' || v === null || v === undefined ? 0 : v), z.coerce.number().int().min(0).max(99999)),
  companySysCode: text(100).default(''),
});
export type OrgBody = z.input<typeof orgBody>;

export const orgDeleteBody = z.object({ id: optId, orgCode: text(100).default('') });

// ---- posts ----------------------------------------------------------------------------------

export const orgPostListBody = z.object({
  ...pagingShape,
  keyWord: text(100).default(''),
  orgCode: text(100).default(''),
  companySysCode: text(100).default(''),
  totle: z.unknown().optional(),
});

export const postListBody = z.object({
  ...pagingShape,
  keyWord: text(100).default(''),
  companySysCode: text(100).default(''),
});

export interface PostView {
  id: number;
  postCode: string;
  postName: string;
  importance: number;
  companySysCode: string;
  /** names of the departments the post is assigned to, '、'-joined */
  orgNameStr: string;
  /** spec: paths separated by '|', each comma-separated org ids from top to leaf */
  orgNamePathsStr: string;
  orgIds: number[];
}

export interface OrgPostView {
  postCode: string;
  postName: string;
  importance: number;
  orgCode: string;
  orgName: string;
  orgId: number;
  postId: number;
}

export const postBody = z.object({
  postCode: text(100).default(''),
  postName: z.string({ error: AdminMsg.postNameRequired }).trim().min(1, AdminMsg.postNameRequired).max(ADMIN_NAME_MAX),
  importance: z.preprocess((v) => (v === '' || v === null || v === undefined ? 0 : v), z.coerce.number().int().min(0).max(100)),
  /** optional: assign the new post to this department at once */
  orgCode: text(100).default(''),
  companySysCode: text(100).default(''),
});
export type PostBody = z.input<typeof postBody>;

export const postCodeBody = z.object({ postCode: text(100).pipe(z.string().min(1, '参数 PostCode 有误')) });
export const removeOrgPostBody = z.object({
  postCode: text(100).pipe(z.string().min(1, '参数 PostCode 有误')),
  orgCode: text(100).pipe(z.string().min(1, '参数 OrgCode 有误')),
});
export const setOrgPostBody = z.object({
  postCode: text(100).pipe(z.string().min(1, '参数 PostCode 有误')),
  orgIds: z.array(z.coerce.number().int()).max(5000).default([]),
});

// ---- roles ----------------------------------------------------------------------------------

export const roleListBody = z.object({ ...pagingShape, key: text(100).default('') });

export interface RoleView {
  id: number;
  code: string;
  roleName: string;
  sysRoleEnum: number;
  companySysCode: string;
  companyName: string;
  /** false: a platform role the caller may assign but not change */
  editable: boolean;
  userCount: number;
}

export const SYS_ROLE_LABELS: Record<number, string> = {
  0: '自定义角色',
  1: '平台管理员',
  2: '平台运营',
  3: '企业管理员',
  4: '学员',
};

export const roleCodeQuery = z.object({ roleCode: text(100).pipe(z.string().min(1, '参数 RoleCode 有误')) });
export const sysRoleEnumQuery = z.object({ type: z.unknown().optional() });

export const roleBody = z.object({
  code: text(100).default(''),
  roleName: z.string({ error: AdminMsg.roleNameRequired }).trim().min(1, AdminMsg.roleNameRequired).max(ADMIN_NAME_MAX),
  sysRoleEnum: z.coerce.number().int().min(0).max(4).default(0),
  roleAct: z.array(z.coerce.number().int()).max(5000).default([]),
  companySysCode: text(100).default(''),
});
export type RoleBody = z.input<typeof roleBody>;

// ---- permissions (sys_action) ---------------------------------------------------------------

export const roleTreeQuery = z.object({
  /** '' every status, '1' valid only */
  status: text(5).default(''),
  /** comma list of types, e.g. '0,1,2' */
  actionType: text(20).default('0,1,2'),
});

export interface ActionView {
  id: number;
  name: string;
  type: number;
  url: string;
  icon: string;
  needAction: number;
  sort: number;
  isHidden: number;
  parentId: number;
  status: number;
  code: string;
  value: string;
  child: ActionView[];
}

export const pageActionItem = z.object({
  id: optId,
  name: z.string().trim().min(1, '请输入权限名称').max(50),
  value: z.string().trim().min(1, '请输入权限值').max(100),
});
export type PageActionItem = z.input<typeof pageActionItem>;

export const actionBody = z.object({
  id: optId,
  name: z.string({ error: AdminMsg.actionNameRequired }).trim().min(1, AdminMsg.actionNameRequired).max(ADMIN_NAME_MAX),
  type: z.coerce.number().int().min(0).max(2).default(0),
  url: text(200).default(''),
  icon: text(100).default(''),
  needAction: z.coerce.number().int().min(0).max(1).default(1),
  sort: z.preprocess((v) => (v === '' || v === null || v === undefined ? 0 : v), z.coerce.number().int().min(0).max(99999)),
  isHidden: z.coerce.number().int().min(0).max(1).default(0),
  parentId: z.preprocess((v) => (v === '' || v === null || v === undefined ? 0 : v), z.coerce.number().int().min(0)),
  status: z.coerce.number().int().min(0).max(1).default(1),
  code: text(100).default(''),
  value: text(100).default(''),
  /** the page's button permissions (type 2 children), name/value pairs; omitted: left as they are */
  pageActions: z.array(pageActionItem).max(200).optional(),
});
export type ActionBody = z.input<typeof actionBody>;

export const actionIdQuery = z.object({ id: id('参数 Id 有误') });
export const actionCodeQuery = z.object({ code: text(100).pipe(z.string().min(1, '参数 Code 有误')) });

// ---- import ---------------------------------------------------------------------------------

export const importBody = z.object({
  urls: z.array(z.string().max(500)).max(1).default([]),
  /** the company to import into (platform staff with the plain template) */
  companySysCode: text(100).default(''),
});

/** GetImportJob: the import job the caller started (SaveExportIn's answer for a large file). */
export const importJobBody = z.object({ jobId: id('参数 jobId 有误') });

/** SaveExportIn's data when the import runs as a background job. */
export interface ImportJobStarted {
  jobId: number;
  rows: number;
}

/** How an import job stands (GetImportJob). */
export interface ImportJobView {
  status: 'waiting' | 'running' | 'done' | 'failed';
  /** 0–100 */
  progress: number;
  added: number;
  updated: number;
  /** the reason when failed (the first row errors, one a line, when the data changed) */
  error: string;
}

export interface UploadResult {
  url: string;
  path: string;
  name: string;
  size: number;
}

// ---- audit log ------------------------------------------------------------------------------

export const auditLogBody = z.object({
  ...pagingShape,
  key: text(100).default(''),
  action: text(100).default(''),
  startTime: text(30).default(''),
  endTime: text(30).default(''),
});

/** Audit log operations in Chinese (the log page's operation filter and column). */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'user.add': '新增学员',
  'User.AddUser': '新增学员',
  'user.edit': '编辑学员',
  'user.enable': '启用用户',
  'user.disable': '停用用户',
  'user.setCompany': '分配公司',
  'user.setRoles': '分配角色',
  'user.resetPassword': '重置密码',
  'user.import': '导入学员',
  'user.export': '导出学员',
  'org.add': '新增部门',
  'org.edit': '编辑部门',
  'org.delete': '删除部门',
  'post.add': '新增岗位',
  'post.edit': '编辑岗位',
  'post.delete': '删除岗位',
  'post.setOrgs': '岗位分配部门',
  'post.removeOrg': '岗位移出部门',
  'company.add': '新增公司',
  'company.edit': '编辑公司',
  'company.enable': '启用公司',
  'company.disable': '停用公司',
  'role.add': '新增角色',
  'role.edit': '编辑角色',
  'action.add': '新增权限',
  'action.edit': '编辑权限',
  'action.enable': '启用权限',
  'action.disable': '停用权限',
  'notice.add': '新增公告',
  'notice.update': '编辑公告',
  'notice.delete': '删除公告',
  'notice.publish': '发布公告',
  'notice.unpublish': '取消发布公告',
  'link.add': '新增链接',
  'link.update': '编辑链接',
  'link.delete': '删除链接',
  'lecturer.add': '新增讲师',
  'lecturer.update': '编辑讲师',
  'lecturer.delete': '删除讲师',
  'model.add': '新增展示模块',
  'model.update': '编辑展示模块',
  'model.delete': '删除展示模块',
  'regulation.add': '新增规章制度',
  'regulation.update': '编辑规章制度',
  'regulation.delete': '删除规章制度',
  'site.update': '修改站点设置',
  'message.send': '发送消息',
  'questiondir.add': '新增题库目录',
  'questiondir.update': '编辑题库目录',
  'questiondir.delete': '删除题库目录',
  'question.add': '新增试题',
  'question.update': '编辑试题',
  'question.delete': '删除试题',
  'question.import': '导入试题',
  'question.export': '导出试题',
  'paper.add': '新增试卷',
  'paper.update': '编辑试卷',
  'paper.delete': '删除试卷',
  'exam.add': '新增考试',
  'exam.update': '编辑考试',
  'exam.delete': '删除考试',
  'exam.publish': '发布考试',
  'exam.close': '结束考试',
  'exam.mark': '阅卷',
};

export interface AuditLogView {
  id: number;
  actorName: string;
  companySysCode: string;
  /** the company's name ('' for platform-wide entries) */
  companyName: string;
  action: string;
  target: string;
  /** the person's, department's, company's, post's or role's name when it still exists, else '' */
  targetName: string;
  detail: string;
  ip: string;
  createTime: string;
}
