import { z } from 'zod';
import { id, text } from './fields.schemas.ts';

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
