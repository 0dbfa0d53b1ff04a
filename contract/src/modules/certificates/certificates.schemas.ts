// Certificates (issue 42): a company defines certificates (name, template, numbering prefix,
// validity, issue rules); people earn them by passing an exam or are given them by hand; anyone
// checks one by its code on the public page /cert/<code>. Numbers are the prefix, the year (China
// time) and a six-digit sequence per prefix and year, unique on the platform and never reused.
import { z } from 'zod';
import { pagingShape } from '../../shared/common.schemas.ts';
import { optId, text } from '../directory/fields.schemas.ts';
import { participantsInput } from '../exams/exams.schemas.ts';

export const CERT_ADMIN_BASE = '/Api/Certificate/cert_manage';
export const CERT_MINE_BASE = '/Api/UserCert/my_cert';
export const CERT_VERIFY_PATH = '/Api/Certificate/cert_verify/Verify';

/** The built-in templates (a template designer with uploaded backgrounds is issue 42 item 1, not built yet). */
export const CERT_TEMPLATES = ['classic', 'simple'] as const;
export type CertTemplate = (typeof CERT_TEMPLATES)[number];
export const CERT_TEMPLATE_LABELS: Record<CertTemplate, string> = { classic: '经典横版（蓝色边框）', simple: '简洁横版' };

/** The rule kinds built so far: passing an exam, completing a training project. (Courses: issue 42 item 2, later.) */
export const CERT_RULE_KINDS = ['exam', 'project'] as const;
export const CERT_RULE_KIND_LABELS: Record<(typeof CERT_RULE_KINDS)[number], string> = { exam: '通过考试', project: '完成培训项目' };
export type CertRuleKind = (typeof CERT_RULE_KINDS)[number];

/** What a certificate's status is on a given day. */
export const CertStatus = { Valid: 'valid', Expired: 'expired', Revoked: 'revoked' } as const;
export type CertStatusValue = (typeof CertStatus)[keyof typeof CertStatus];
export const CERT_STATUS_LABELS: Record<CertStatusValue, string> = { valid: '有效', expired: '已过期', revoked: '已撤销' };

export const CertLimits = {
  nameMax: 50,
  prefixMax: 10,
  validityMonthsMax: 600,
  rulesMax: 20,
  reasonMax: 200,
  expiringDaysMax: 3650,
  /** people one manual issue may reach */
  manualMax: 5000,
  /** the digits of the sequence part of a number */
  sequenceDigits: 6,
} as const;

/** A verification code: 128 random bits as base64url (22 characters). */
export const CERT_CODE_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export const CERT_PREFIX_PATTERN = /^[A-Z0-9]{1,10}$/;

export const CertMsg = {
  nameRequired: '请输入证书名称',
  prefixInvalid: '编号前缀须为 1 到 10 位大写字母或数字',
  validityInvalid: `有效期须为 0（永久有效）到 ${CertLimits.validityMonthsMax} 个月`,
  templateInvalid: '请选择证书模板',
  ruleKindInvalid: '发放规则的类型不正确',
  ruleExamRequired: '请选择发放规则中的考试或培训项目',
  minScoreInvalid: '最低分数须为 0 到 10000 之间的数字',
  rulesTooMany: `发放规则最多 ${CertLimits.rulesMax} 条`,
  reasonRequired: '请填写撤销原因',
  peopleRequired: '请选择要发放证书的人员',
  codeInvalid: '证书查验码格式不正确',
  definitionRequired: '请选择证书',
  expiringInvalid: `到期天数须为 1 到 ${CertLimits.expiringDaysMax} 之间的整数`,
  saved: '保存成功',
  revoked: '证书已撤销',
  /** manual issue: how many got one, how many already held a valid one */
  issued: (n: number, skipped: number) => (skipped ? `已发放 ${n} 张证书，${skipped} 人已持有有效证书未重复发放` : `已发放 ${n} 张证书`),
  /** the reason kept on a certificate revoked because a re-mark took the pass away */
  lostPass: (examName: string) => `重新阅卷后未通过考试「${examName}」`,
  /** where a certificate came from */
  sourceExam: (examName: string) => `通过考试「${examName}」`,
  sourceProject: (projectName: string) => `完成培训项目「${projectName}」`,
  sourceManual: '手动发放',
  permanent: '长期有效',
  /** the public page */
  unknownCode: '未找到该证书：查验码不存在，请核对后重试',
} as const;

const minScore = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? null : v),
  z.coerce.number({ error: CertMsg.minScoreInvalid }).min(0, CertMsg.minScoreInvalid).max(10_000, CertMsg.minScoreInvalid).nullable(),
);

export const certRuleInput = z.object({
  kind: z.enum(CERT_RULE_KINDS, { error: CertMsg.ruleKindInvalid }),
  /** the exam's code, or the project's */
  refCode: text(60).pipe(z.string().min(1, CertMsg.ruleExamRequired)),
  minScore: minScore.default(null),
});

export const certDefinitionSaveInput = z.object({
  id: optId,
  companySysCode: text(100).default(''),
  name: text(CertLimits.nameMax).pipe(z.string().min(1, CertMsg.nameRequired)),
  template: z.enum(CERT_TEMPLATES, { error: CertMsg.templateInvalid }).default('classic'),
  prefix: text(CertLimits.prefixMax).pipe(z.string().regex(CERT_PREFIX_PATTERN, CertMsg.prefixInvalid)),
  validityMonths: z.coerce
    .number({ error: CertMsg.validityInvalid })
    .int(CertMsg.validityInvalid)
    .min(0, CertMsg.validityInvalid)
    .max(CertLimits.validityMonthsMax, CertMsg.validityInvalid)
    .default(0),
  enabled: z
    .preprocess((v) => (v === 0 || v === '0' || v === 'false' ? false : v === 1 || v === '1' || v === 'true' ? true : v), z.boolean())
    .default(true),
  rules: z.array(certRuleInput).max(CertLimits.rulesMax, CertMsg.rulesTooMany).default([]),
});
export type CertDefinitionSaveInput = z.output<typeof certDefinitionSaveInput>;

export const certDefinitionListInput = z.object({
  ...pagingShape,
  companySysCode: text(100).default(''),
  keyword: text(100).default(''),
});

export const certDefinitionIdInput = z.object({
  id: z.coerce
    .number({ error: CertMsg.definitionRequired })
    .int()
    .min(1, CertMsg.definitionRequired)
    .max(2 ** 31 - 1, CertMsg.definitionRequired),
});

const expiringDays = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : v),
  z.coerce
    .number({ error: CertMsg.expiringInvalid })
    .int(CertMsg.expiringInvalid)
    .min(1, CertMsg.expiringInvalid)
    .max(CertLimits.expiringDaysMax, CertMsg.expiringInvalid)
    .optional(),
);

export const certIssuedListInput = z.object({
  ...pagingShape,
  companySysCode: text(100).default(''),
  definitionId: optId,
  status: z.preprocess((v) => (v === null || v === undefined ? '' : v), z.enum(['', 'valid', 'expired', 'revoked'])).default(''),
  /** valid certificates that expire within this many days */
  expiringWithinDays: expiringDays,
  keyword: text(100).default(''),
});
export type CertIssuedListInput = z.output<typeof certIssuedListInput>;

export const certIdInput = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});

export const certRevokeInput = z.object({
  id: certIdInput.shape.id,
  reason: text(CertLimits.reasonMax).pipe(z.string().min(1, CertMsg.reasonRequired)),
});

export const certManualIssueInput = z.object({
  definitionId: certDefinitionIdInput.shape.id,
  participants: participantsInput.default({ users: [], orgs: [], posts: [] }),
});

export const certCodeInput = z.object({ code: text(64).pipe(z.string().regex(CERT_CODE_PATTERN, CertMsg.codeInvalid)) });

export interface CertRuleView {
  kind: CertRuleKind;
  refCode: string;
  /** the exam's or project's name ('' when it is gone) */
  refName: string;
  minScore: number | null;
}

export interface CertDefinitionView {
  id: number;
  companySysCode: string;
  companyName: string;
  name: string;
  template: CertTemplate;
  prefix: string;
  validityMonths: number;
  enabled: boolean;
  rules: CertRuleView[];
  /** issued and not revoked, not expired / expiring within 30 days / expired */
  validCount: number;
  expiringCount: number;
  expiredCount: number;
  createdAt: string;
}

export interface CertIssuedView {
  id: number;
  number: string;
  code: string;
  definitionId: number;
  certName: string;
  userId: number;
  holderName: string;
  accountCode: string;
  orgName: string;
  companyName: string;
  /** yyyy-MM-dd */
  issuedAt: string;
  /** yyyy-MM-dd; '' permanent */
  expiresAt: string;
  status: CertStatusValue;
  statusText: string;
  source: string;
  score: number | null;
  revokeReason: string;
  revokedAt: string;
}

/** What the learner sees of one of their certificates. */
/** What both the holder's list and the public page say of a certificate. */
interface CertFacts {
  certName: string;
  companyName: string;
  issuedAt: string;
  expiresAt: string;
  status: CertStatusValue;
  statusText: string;
}

export interface MyCertView extends CertFacts {
  id: number;
  number: string;
  code: string;
  revokeReason: string;
  /** the public page: /cert/<code> (the web adds its origin) */
  verifyPath: string;
}

/** The public verification answer: what the page shows, and nothing else. */
export type CertVerifyView =
  | { found: false; message: string }
  | (CertFacts & {
      found: true;
      /** the holder's name, partly masked (张*三) */
      holderName: string;
    });

/** The public page of a code. */
export const certVerifyPath = (code: string) => `/cert/${code}`;

/** A certificate number: prefix, year, zero-padded sequence. */
export const formatCertNumber = (prefix: string, year: number, seq: number) =>
  `${prefix}${year}${String(seq).padStart(CertLimits.sequenceDigits, '0')}`;

export { participantsInput as certParticipantsInput };
