import {
  CERT_STATUS_LABELS,
  type CertDefinitionView,
  type CertIssuedView,
  CertMsg,
  type CertRuleKind,
  type CertStatusValue,
  type CertTemplate,
  certVerifyPath,
  formatDate,
  formatDateTime,
  type MyCertView,
} from '@xuetu/contract';
import { type DefinitionRow, type IssuedListRow, type IssuedRow, IssuedStatus } from './certificates.repository.ts';

/** valid, expired (its day has come) or revoked, at `now`. */
export function statusOf(row: Pick<IssuedRow, 'status' | 'expiresAt'>, now: Date): CertStatusValue {
  if (row.status === IssuedStatus.Revoked) return 'revoked';
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'valid';
}

const dateOr = (d: Date | null, empty: string) => (d ? formatDate(d) : empty);

/** What earned a certificate, in words. */
export function sourceText(source: string, names: Map<string, string>): string {
  if (source.startsWith('exam:')) return CertMsg.sourceExam(names.get(source) ?? '');
  if (source.startsWith('project:')) return CertMsg.sourceProject(names.get(source) ?? '');
  return CertMsg.sourceManual;
}

export function presentDefinition(
  row: DefinitionRow,
  companyName: string,
  rules: { kind: string; examCode: string | null; examName: string | null; minScore: number | null }[],
  counts: { valid: number; expiring: number; expired: number } | undefined,
): CertDefinitionView {
  return {
    id: row.id,
    companySysCode: row.companySysCode,
    companyName,
    name: row.name,
    template: row.template as CertTemplate,
    prefix: row.prefix,
    validityMonths: row.validityMonths,
    enabled: row.enabled,
    rules: rules.map((r) => ({ kind: r.kind as CertRuleKind, refCode: r.examCode ?? '', refName: r.examName ?? '', minScore: r.minScore })),
    validCount: counts?.valid ?? 0,
    expiringCount: counts?.expiring ?? 0,
    expiredCount: counts?.expired ?? 0,
    createdAt: formatDateTime(row.createdAt),
  };
}

export function presentIssued(r: IssuedListRow, now: Date, sourceNames: Map<string, string>): CertIssuedView {
  const status = statusOf(r.issued, now);
  return {
    id: r.issued.id,
    number: r.issued.number,
    code: r.issued.code,
    definitionId: r.issued.definitionId,
    certName: r.certName,
    userId: r.issued.userId,
    holderName: r.issued.holderName,
    accountCode: r.accountCode ?? '',
    orgName: r.orgName ?? '',
    companyName: r.companyName ?? '',
    issuedAt: formatDate(r.issued.issuedAt),
    expiresAt: dateOr(r.issued.expiresAt, ''),
    status,
    statusText: CERT_STATUS_LABELS[status],
    source: sourceText(r.issued.source, sourceNames),
    score: r.issued.score,
    revokeReason: r.issued.revokeReason,
    revokedAt: r.issued.revokedAt ? formatDateTime(r.issued.revokedAt) : '',
  };
}

export function presentMine(r: IssuedListRow, now: Date): MyCertView {
  const status = statusOf(r.issued, now);
  return {
    id: r.issued.id,
    number: r.issued.number,
    code: r.issued.code,
    certName: r.certName,
    companyName: r.companyName ?? '',
    issuedAt: formatDate(r.issued.issuedAt),
    expiresAt: dateOr(r.issued.expiresAt, ''),
    status,
    statusText: CERT_STATUS_LABELS[status],
    revokeReason: r.issued.revokeReason,
    verifyPath: certVerifyPath(r.issued.code),
  };
}

/** The ids that `<kind>:<id>` sources name. */
export const idsOf = (kind: 'exam' | 'project', sources: string[]) => [
  ...new Set(sources.filter((s) => s.startsWith(`${kind}:`)).map((s) => Number(s.slice(kind.length + 1)))),
];
