import { CertMsg, type MyCertView } from '@xuetu/contract';
import QRCode from 'qrcode';
import type { Env } from '../../config/env.ts';
import { cjkPdf } from '../../platform/pdf.ts';

// One certificate as an A4 landscape PDF in one of the built-in templates: real Chinese text in the
// platform's CJK font (platform/pdf.ts, shared with the result PDF) and a vector QR code of the
// public verification address, so the printed page leads anyone to /cert/<code>.

export interface CertPdfInput {
  view: MyCertView;
  holderName: string;
  template: string;
  /** the absolute verification address (the QR code's text) */
  verifyUrl: string;
}

/** Draws the QR code's modules as filled squares (vector, sharp when printed). */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cell = size / n;
  doc.save().fillColor('#000000');
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.modules.get(r, c)) doc.rect(x + c * cell, y + r * cell, cell, cell);
  doc.fill().restore();
}

export async function renderCertificatePdf(env: Env, input: CertPdfInput): Promise<Buffer | null> {
  const { view } = input;
  const pdf = cjkPdf(env, {
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    info: { Title: view.certName, Author: '学途', Subject: view.number },
  });
  if (!pdf) return null;
  const { doc } = pdf;
  const W = doc.page.width;
  const H = doc.page.height;
  const accent = input.template === 'simple' ? '#333333' : '#1f5fae';
  if (input.template === 'simple')
    doc
      .lineWidth(1)
      .strokeColor(accent)
      .rect(30, 30, W - 60, H - 60)
      .stroke();
  else {
    doc
      .lineWidth(6)
      .strokeColor(accent)
      .rect(24, 24, W - 48, H - 48)
      .stroke();
    doc
      .lineWidth(1.5)
      .strokeColor('#c9a227')
      .rect(38, 38, W - 76, H - 76)
      .stroke();
  }
  doc
    .fillColor(accent)
    .fontSize(36)
    .text(view.certName, 60, 95, { width: W - 120, align: 'center' });
  doc.fillColor('#222222').fontSize(16);
  doc.text(`兹证明  ${input.holderName}`, 110, 190, { width: W - 220 });
  doc.moveDown(0.8);
  doc.text(`已达到「${view.certName}」的要求，特发此证。`, { width: W - 220 });
  doc.fontSize(12).fillColor('#444444');
  const left = 110;
  const top = H - 200;
  doc.text(`证书编号：${view.number}`, left, top);
  doc.text(`发证单位：${view.companyName}`, left, top + 22);
  doc.text(`发证日期：${view.issuedAt}`, left, top + 44);
  doc.text(`有效期至：${view.expiresAt || CertMsg.permanent}`, left, top + 66);
  const qrSize = 96;
  drawQr(doc, input.verifyUrl, W - 110 - qrSize, top - 10, qrSize);
  doc
    .fontSize(9)
    .fillColor('#666666')
    .text('扫码查验证书', W - 110 - qrSize, top + qrSize - 2, { width: qrSize, align: 'center' });
  doc.end();
  return pdf.bytes;
}
