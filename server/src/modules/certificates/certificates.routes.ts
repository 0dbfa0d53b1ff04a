import { certAdminApi, certMineApi, certVerifyApi, Msg, Perm, pageWindow } from '@xuetu/contract';
import type { FastifyRequest } from 'fastify';
import { sendDownload, sendWorkbook } from '../../platform/download.ts';
import { withMsg } from '../../platform/envelope.ts';
import { defineRoute } from '../../platform/route.ts';
import * as service from './certificates.service.ts';
import { exportIssued } from './export.ts';
import { myCertificatePdf, myCertificates, verifyCertificate } from './mine.service.ts';

const LIST = { action: [Perm.CertificateList, Perm.CertificateEdit, Perm.CertificateIssue] };

/** The address the browser reached us at (the QR code's): PUBLIC_URL, else the request's. */
function originOf(req: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ? publicUrl.replace(/\/+$/, '') : `${req.protocol}://${req.host}`;
}

/** 证书管理, 我的证书 and the public verification (issue 42). */
export const certificateRoutes = [
  defineRoute({
    endpoint: certAdminApi.getCertDefinitionList,
    access: LIST,
    summary: '证书列表（含发放规则和有效、即将到期、已过期数量）',
    handler: ({ input, caller }) => service.listDefinitionsForAdmin(caller, input, pageWindow(input)),
  }),
  defineRoute({
    endpoint: certAdminApi.getCertDefinition,
    access: LIST,
    summary: '证书详情',
    handler: ({ input, caller }) => service.getDefinitionForAdmin(caller, input.id),
  }),
  defineRoute({
    endpoint: certAdminApi.saveCertDefinition,
    access: { action: Perm.CertificateEdit },
    summary: '新增或编辑证书及其发放规则',
    handler: async ({ input, caller }) => withMsg(await service.saveDefinition(caller, input), Msg.saved),
  }),
  defineRoute({
    endpoint: certAdminApi.getIssuedCertList,
    access: LIST,
    summary: '已发放证书列表（按证书、状态、即将到期天数筛选）',
    handler: ({ input, caller }) => service.listIssuedForAdmin(caller, input, pageWindow(input)),
  }),
  defineRoute({
    endpoint: certAdminApi.exportIssuedCertList,
    access: LIST,
    summary: '导出已发放证书（xlsx）',
    handler: async ({ input, caller, reply }) => {
      const { name, stream } = await exportIssued(caller, input);
      return sendWorkbook(reply, stream, name);
    },
  }),
  defineRoute({
    endpoint: certAdminApi.revokeCert,
    access: { action: Perm.CertificateIssue },
    summary: '撤销证书（须填写原因）',
    handler: async ({ input, caller }) => withMsg(await service.revokeCertificate(caller, input), Msg.saved),
  }),
  defineRoute({
    endpoint: certAdminApi.issueCertManually,
    access: { action: Perm.CertificateIssue },
    summary: '向所选人员、部门或岗位手动发放证书',
    handler: async ({ input, caller }) => {
      const { msg, ...data } = await service.issueManually(caller, input);
      return withMsg(data, msg);
    },
  }),
  defineRoute({
    endpoint: certMineApi.getMyCerts,
    access: 'user',
    summary: '我的证书',
    handler: ({ caller }) => myCertificates(caller),
  }),
  defineRoute({
    endpoint: certMineApi.downloadMyCertPdf,
    access: 'user',
    summary: '下载本人证书 PDF（含查验二维码）',
    handler: async ({ input, caller, req, reply }) => {
      const { buffer, name } = await myCertificatePdf(caller, input.id, originOf(req, caller.ctx.env.PUBLIC_URL));
      return sendDownload(reply, buffer, { name, type: 'application/pdf', fallback: 'certificate.pdf' });
    },
  }),
  defineRoute({
    endpoint: certVerifyApi.verifyCert,
    access: 'public',
    summary: '公开查验证书（无需登录，按来源地址限流）',
    // codes are unguessable; the limit keeps anyone from trying many of them
    rateLimit: { max: 30, timeWindow: '1 minute', per: 'address' },
    handler: ({ input, caller }) => verifyCertificate(caller, input.code),
  }),
];
