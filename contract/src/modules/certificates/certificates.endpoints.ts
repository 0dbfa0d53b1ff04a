import { answer, defineGroup, endpoint, type FileAnswer } from '../../endpoint.ts';
import type { PageResult } from '../../shared/common.schemas.ts';
import type { CertDefinitionView, CertIssuedView, CertVerifyView, MyCertView } from './certificates.schemas.ts';
import {
  CERT_ADMIN_BASE,
  CERT_MINE_BASE,
  CERT_VERIFY_PATH,
  certCodeInput,
  certDefinitionIdInput,
  certDefinitionListInput,
  certDefinitionSaveInput,
  certIdInput,
  certIssuedListInput,
  certManualIssueInput,
  certRevokeInput,
} from './certificates.schemas.ts';

/** 证书管理: certificates and their rules, issued certificates, manual issue, revoke, export. */
export const certAdminApi = /* @__PURE__ */ defineGroup('certificates', 'admin', {
  getCertDefinitionList: endpoint({
    path: `${CERT_ADMIN_BASE}/GetCertDefinitionList`,
    input: certDefinitionListInput,
    output: answer<PageResult<CertDefinitionView>>(),
  }),
  getCertDefinition: endpoint({
    path: `${CERT_ADMIN_BASE}/GetCertDefinition`,
    input: certDefinitionIdInput,
    output: answer<CertDefinitionView>(),
  }),
  saveCertDefinition: endpoint({
    path: `${CERT_ADMIN_BASE}/SaveCertDefinition`,
    input: certDefinitionSaveInput,
    output: answer<CertDefinitionView>(),
  }),
  getIssuedCertList: endpoint({
    path: `${CERT_ADMIN_BASE}/GetIssuedCertList`,
    input: certIssuedListInput,
    output: answer<PageResult<CertIssuedView>>(),
  }),
  exportIssuedCertList: endpoint({
    path: `${CERT_ADMIN_BASE}/ExportIssuedCertList`,
    input: certIssuedListInput,
    output: answer<FileAnswer>(),
    kind: 'file',
  }),
  revokeCert: endpoint({ path: `${CERT_ADMIN_BASE}/RevokeCert`, input: certRevokeInput, output: answer<CertIssuedView>() }),
  issueCertManually: endpoint({
    path: `${CERT_ADMIN_BASE}/IssueCertManually`,
    input: certManualIssueInput,
    output: answer<{ issued: number; skipped: number }>(),
  }),
});

/** 我的证书: the signed-in person's certificates and their PDF. */
export const certMineApi = /* @__PURE__ */ defineGroup('certificates', 'mine', {
  getMyCerts: endpoint({ path: `${CERT_MINE_BASE}/GetMyCerts`, output: answer<MyCertView[]>() }),
  downloadMyCertPdf: endpoint({
    path: `${CERT_MINE_BASE}/DownloadMyCertPdf`,
    input: certIdInput,
    output: answer<FileAnswer>(),
    kind: 'file',
  }),
});

/** The public verification of a code (no sign-in; rate-limited per address). */
export const certVerifyApi = /* @__PURE__ */ defineGroup('certificates', 'verify', {
  verifyCert: endpoint({ method: 'GET', path: CERT_VERIFY_PATH, input: certCodeInput, output: answer<CertVerifyView>() }),
});
