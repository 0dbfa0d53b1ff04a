import { z } from 'zod';
import { isValidIdCard } from '../../idcard.ts';
import { CONTACT_PHONE_MSG, CONTACT_PHONE_PATTERN, PHONE_PATTERN } from '../../limits.ts';
import { Msg } from '../../messages.ts';
import { pagingShape } from '../../shared/common.schemas.ts';
import { ADMIN_NAME_MAX, AdminMsg, CompanyLimits } from './admin.schemas.ts';
import { id, optId, text } from './fields.schemas.ts';

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
