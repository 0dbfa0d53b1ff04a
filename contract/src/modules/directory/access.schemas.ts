import { z } from 'zod';
import { pagingShape } from '../../shared/common.schemas.ts';
import { ADMIN_NAME_MAX, AdminMsg } from './admin.schemas.ts';
import { id, optId, text } from './fields.schemas.ts';

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
