import { CERT_STATUS_LABELS, CertMsg, type CertVerifyView, formatDate, type MyCertView, maskName } from '@xuetu/contract';
import { type Caller, requireActor } from '../../platform/caller.ts';
import { appError } from '../../platform/errors.ts';
import { renderCertificatePdf } from './cert-pdf.ts';
import { presentMine, statusOf } from './certificates.presenter.ts';
import * as repo from './certificates.repository.ts';

/** 我的证书: the signed-in person's certificates, newest first. */
export async function myCertificates(caller: Caller): Promise<MyCertView[]> {
  const actor = requireActor(caller);
  const rows = await repo.issuedOfHolder(caller.ctx.db, actor.userId);
  return rows.map((r) => presentMine(r, caller.now));
}

/** One of the person's own certificates as a PDF (someone else's answers like a missing one). */
export async function myCertificatePdf(caller: Caller, id: number, origin: string): Promise<{ buffer: Buffer; name: string }> {
  const actor = requireActor(caller);
  const row = (await repo.issuedOfHolder(caller.ctx.db, actor.userId)).find((r) => r.issued.id === id);
  if (!row) throw appError('CERT_NOT_FOUND');
  const view = presentMine(row, caller.now);
  const template = (await repo.definitionTemplate(caller.ctx.db, row.issued.definitionId)) ?? 'classic';
  const buffer = await renderCertificatePdf(caller.ctx.env, {
    view,
    holderName: row.issued.holderName,
    template,
    verifyUrl: `${origin}${view.verifyPath}`,
  });
  if (!buffer) throw appError('CERT_PDF_FONT_MISSING');
  return { buffer, name: `${view.certName}-${view.number}.pdf` };
}

/**
 * The public verification of a code: the holder's name partly masked, the certificate, the
 * company, the dates and the status — nothing else (no number, account, score or reason).
 */
export async function verifyCertificate(caller: Caller, code: string): Promise<CertVerifyView> {
  const row = await repo.findIssuedByCode(caller.ctx.db, code);
  if (!row) return { found: false, message: CertMsg.unknownCode };
  const status = statusOf(row.issued, caller.now);
  return {
    found: true,
    holderName: maskName(row.issued.holderName),
    certName: row.certName,
    companyName: row.companyName ?? '',
    issuedAt: formatDate(row.issued.issuedAt),
    expiresAt: row.issued.expiresAt ? formatDate(row.issued.expiresAt) : CertMsg.permanent,
    status,
    statusText: CERT_STATUS_LABELS[status],
  };
}
