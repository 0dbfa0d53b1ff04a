import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { CertVerifyView, MyCertView } from '@xuetu/contract';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRequestState } from '../../../api/request';
import { fail, type MockApi, mockApi, ok, RawResponse } from '../../../test/mockApi';
import { renderWithApp } from '../../../test/renderApp';
import CertVerifyPage from '../../public/cert';
import MyCertificatesPage from './index';

const MINE = '/Api/UserCert/my_cert';
const VERIFY = '/Api/Certificate/cert_verify/Verify';
const cert = (over: Partial<MyCertView> = {}): MyCertView => ({
  id: 5,
  number: 'AQ2026000001',
  code: 'abcdefghijklmnopqrstuv',
  certName: '安全员证',
  companyName: '演示科技有限公司',
  issuedAt: '2026-06-01',
  expiresAt: '2028-06-01',
  status: 'valid',
  statusText: '有效',
  revokeReason: '',
  verifyPath: '/cert/abcdefghijklmnopqrstuv',
  ...over,
});

let api: MockApi;
beforeEach(() => {
  resetRequestState();
  api = mockApi();
});
afterEach(() => vi.restoreAllMocks());

describe('我的证书', () => {
  it('shows each certificate with its number, dates, status and a link to its public page', async () => {
    api.on(
      `${MINE}/GetMyCerts`,
      ok([
        cert(),
        cert({
          id: 6,
          number: 'DG2026000002',
          certName: '电工证',
          status: 'revoked',
          statusText: '已撤销',
          revokeReason: '证件信息有误',
          expiresAt: '',
        }),
      ]),
    );
    renderWithApp(<MyCertificatesPage />);
    const cards = await screen.findAllByTestId('my-cert');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('AQ2026000001');
    expect(cards[0]).toHaveTextContent('有效期至：2028-06-01');
    expect(cards[0]).toHaveTextContent('有效');
    expect(cards[1]).toHaveTextContent('已撤销');
    expect(cards[1]).toHaveTextContent('撤销原因：证件信息有误');
    expect(cards[1]).toHaveTextContent('有效期至：长期有效');
    expect(screen.getAllByTestId('my-cert-verify')[0]).toHaveAttribute('href', '/cert/abcdefghijklmnopqrstuv');
  });

  it('says when there is none and when the list failed', async () => {
    api.on(`${MINE}/GetMyCerts`, ok([]));
    const view = renderWithApp(<MyCertificatesPage />);
    expect(await screen.findByText(/暂无证书/)).toBeInTheDocument();
    view.unmount();
    api.on(`${MINE}/GetMyCerts`, fail('服务器开小差了'));
    renderWithApp(<MyCertificatesPage />);
    expect(await screen.findByText('加载失败')).toBeInTheDocument();
  });

  it('downloads the PDF the server makes, under its name', async () => {
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    api.on(`${MINE}/GetMyCerts`, ok([cert()])).on(
      `${MINE}/DownloadMyCertPdf`,
      new RawResponse(new Blob(['%PDF']), {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('安全员证-AQ2026000001.pdf')}`,
      }),
    );
    renderWithApp(<MyCertificatesPage />);
    fireEvent.click(await screen.findByTestId('my-cert-pdf'));
    await waitFor(() => expect(saved).toEqual(['安全员证-AQ2026000001.pdf']));
    expect(api.calls.find((c) => c.url.endsWith('/DownloadMyCertPdf'))?.body).toEqual({ id: 5 });
  });
});

describe('证书查验 /cert/<code>', () => {
  const renderVerify = (code: string) =>
    renderWithApp(
      <MemoryRouter initialEntries={[`/cert/${code}`]}>
        <Routes>
          <Route path="/cert/:code" element={<CertVerifyPage />} />
        </Routes>
      </MemoryRouter>,
    );

  it('shows the masked holder, certificate, company, dates and status', async () => {
    const found: CertVerifyView = {
      found: true,
      holderName: '张*三',
      certName: '安全员证',
      companyName: '演示科技有限公司',
      issuedAt: '2026-06-01',
      expiresAt: '2028-06-01',
      status: 'valid',
      statusText: '有效',
    };
    api.on(VERIFY, ok(found));
    renderVerify('abcdefghijklmnopqrstuv');
    expect(await screen.findByTestId('cert-verify-status')).toHaveTextContent('有效');
    const page = screen.getByTestId('cert-verify-page');
    for (const text of ['张*三', '安全员证', '演示科技有限公司', '2026-06-01', '2028-06-01']) expect(page).toHaveTextContent(text);
    expect(api.calls[0]).toMatchObject({ method: 'get' });
    expect(api.calls[0]!.url).toBe(VERIFY);
  });

  it('says plainly when the code is unknown, and when it is malformed', async () => {
    api.on(VERIFY, ok({ found: false, message: '未找到该证书：查验码不存在，请核对后重试' }));
    const view = renderVerify('AAAAAAAAAAAAAAAAAAAAAA');
    expect(await screen.findByTestId('cert-verify-unknown')).toHaveTextContent('未找到该证书：查验码不存在，请核对后重试');
    view.unmount();
    api.on(VERIFY, fail('证书查验码格式不正确'));
    renderVerify('abc');
    expect(await screen.findByTestId('cert-verify-error')).toHaveTextContent('证书查验码格式不正确');
  });
});
