import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type CertDefinitionView, type CertIssuedView, SysRole } from '@xuetu/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRequestState } from '../../../api/request';
import { useSession } from '../../../app/store/session';
import { type MockApi, mockApi, ok } from '../../../test/mockApi';
import { renderWithApp } from '../../../test/renderApp';
import CertificatesPage from './index';

const A = '/Api/Certificate/cert_manage';
const definition: CertDefinitionView = {
  id: 3,
  companySysCode: 'C-1',
  companyName: '演示科技有限公司',
  name: '安全员证',
  template: 'classic',
  prefix: 'AQ',
  validityMonths: 24,
  enabled: true,
  rules: [
    { kind: 'exam', refCode: 'E1', refName: '安全员考试', minScore: 60 },
    { kind: 'project', refCode: 'P1', refName: '新员工培训', minScore: null },
  ],
  validCount: 12,
  expiringCount: 2,
  expiredCount: 1,
  createdAt: '2026-06-01 10:00:00',
};
const issued: CertIssuedView = {
  id: 9,
  number: 'AQ2026000001',
  code: 'abcdefghijklmnopqrstuv',
  definitionId: 3,
  certName: '安全员证',
  userId: 4,
  holderName: '张三',
  accountCode: 'learner01',
  orgName: '安全部',
  companyName: '演示科技有限公司',
  issuedAt: '2026-06-01',
  expiresAt: '2028-06-01',
  status: 'valid',
  statusText: '有效',
  source: '通过考试「安全员考试」',
  score: 90,
  revokeReason: '',
  revokedAt: '',
};

let api: MockApi;
beforeEach(() => {
  resetRequestState();
  useSession.setState({ sysRoles: [SysRole.CompanyAdmin], actions: ['Certificate.List', 'Certificate.Edit', 'Certificate.Issue'] });
  api = mockApi()
    .on(`${A}/GetCertDefinitionList`, ok({ models: [definition], totalCount: 1 }))
    .on(`${A}/GetIssuedCertList`, ok({ models: [issued], totalCount: 1 }))
    .on(`${A}/SaveCertDefinition`, ok(definition, '保存成功'))
    .on(`${A}/RevokeCert`, ok({ ...issued, status: 'revoked', statusText: '已撤销', revokeReason: '证件信息有误' }, '保存成功'))
    .on('/Api/Exam_Manage/ex_exam/GetPageList', ok({ models: [{ examCode: 'E1', examName: '安全员考试' }], totalCount: 1 }))
    .on(
      '/Api/Project_Manage/project_project/GetPageList',
      ok({ models: [{ projectCode: 'P1', projectName: '新员工培训' }], totalCount: 1 }),
    );
});
afterEach(() => vi.restoreAllMocks());

const bodyOf = (path: string) => api.calls.filter((c) => c.url.endsWith(path)).at(-1)?.body as Record<string, unknown> | undefined;

describe('证书管理', () => {
  it('lists the certificates with their rules and how many are valid, expiring and expired', async () => {
    renderWithApp(<CertificatesPage />);
    const row = (await screen.findByText('AQ')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('安全员证');
    expect(row).toHaveTextContent('24 个月');
    expect(row).toHaveTextContent('通过「安全员考试」 ≥60 分');
    expect(row).toHaveTextContent('完成「新员工培训」');
    expect(row).toHaveTextContent('12');
    expect(row).toHaveTextContent('启用');
  });

  it('refuses a bad prefix in Chinese before sending, and saves a new certificate with its rule', async () => {
    renderWithApp(<CertificatesPage />);
    fireEvent.click(await screen.findByTestId('cert-add'));
    const form = await screen.findByTestId('cert-definition-form');
    fireEvent.change(within(form).getByTestId('cert-name'), { target: { value: '电工证' } });
    fireEvent.change(within(form).getByTestId('cert-prefix'), { target: { value: 'd-g' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('编号前缀须为 1 到 10 位大写字母或数字')).toBeInTheDocument();
    expect(bodyOf('/SaveCertDefinition')).toBeUndefined();
    fireEvent.change(within(form).getByTestId('cert-prefix'), { target: { value: 'dg' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(bodyOf('/SaveCertDefinition')).toMatchObject({ name: '电工证', prefix: 'DG', validityMonths: 0, enabled: true, rules: [] }),
    );
  });

  it('saves a rule on completing a training project (the kind picked, then the project)', async () => {
    renderWithApp(<CertificatesPage />);
    fireEvent.click(await screen.findByTestId('cert-add'));
    const form = await screen.findByTestId('cert-definition-form');
    fireEvent.change(within(form).getByTestId('cert-name'), { target: { value: '新员工结业证' } });
    fireEvent.change(within(form).getByTestId('cert-prefix'), { target: { value: 'XY' } });
    fireEvent.click(within(form).getByTestId('cert-rule-add'));
    const pick = async (testId: string, label: string) => {
      fireEvent.mouseDown(within(form).getByTestId(testId).querySelector('.ant-select-selector') ?? within(form).getByTestId(testId));
      fireEvent.click(await screen.findByTitle(label));
    };
    await pick('cert-rule-kind', '完成培训项目');
    await pick('cert-rule-ref', '新员工培训');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(bodyOf('/SaveCertDefinition')).toMatchObject({
        name: '新员工结业证',
        rules: [{ kind: 'project', refCode: 'P1', minScore: null }],
      }),
    );
  });

  it('lists the issued certificates and revokes one with a required reason', async () => {
    renderWithApp(<CertificatesPage />);
    fireEvent.click(await screen.findByRole('tab', { name: '发放记录' }));
    const row = (await screen.findByText('AQ2026000001')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('张三');
    expect(row).toHaveTextContent('通过考试「安全员考试」');
    fireEvent.click(within(row).getByTestId('cert-revoke'));
    const dialog = await screen.findByRole('dialog');
    const okButton = within(dialog).getByRole('button', { name: /撤\s*销/ });
    fireEvent.click(okButton);
    expect(await screen.findByText('请填写撤销原因')).toBeInTheDocument();
    expect(bodyOf('/RevokeCert')).toBeUndefined();
    fireEvent.change(screen.getByTestId('cert-revoke-reason'), { target: { value: '证件信息有误' } });
    fireEvent.click(okButton);
    await waitFor(() => expect(bodyOf('/RevokeCert')).toEqual({ id: 9, reason: '证件信息有误' }));
  });
});
