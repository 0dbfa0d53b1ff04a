import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type JobView, SysRole } from '@xuetu/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRequestState } from '../../../api/request';
import { useSession } from '../../../app/store/session';
import { mockApi, ok } from '../../../test/mockApi';
import { renderWithApp } from '../../../test/renderApp';
import JobsPage from './index';

const job = (over: Partial<JobView>): JobView => ({
  id: 1,
  kind: 'notices.fan-out',
  title: '公告消息分发',
  status: 'done',
  progress: 100,
  attempts: 1,
  maxAttempts: 3,
  lastError: '',
  result: null,
  createTime: '2026-11-21 08:00:00',
  runAt: '',
  startTime: '2026-11-21 08:00:01',
  finishTime: '2026-11-21 08:00:02',
  ...over,
});

let retried: number[];
beforeEach(() => {
  resetRequestState();
  retried = [];
  useSession.setState({ sysRoles: [SysRole.PlatformAdmin], actions: ['Job.List', 'Job.Retry'] });
  mockApi()
    .on('/Api/SysConfig/sys_job/GetJobPageList', (_c: unknown, body: { status: string }) => {
      const all = [
        job({ id: 2, kind: 'exams.notifyAssigned', title: '考试通知', status: 'failed', progress: 40, attempts: 3, lastError: '磁盘已满' }),
        job({}),
        job({ id: 3, kind: 'users.import', title: '导入学员', result: { added: 600, updated: 0 } }),
      ];
      const models = body.status ? all.filter((j) => j.status === body.status) : all;
      return ok({ models, totalCount: models.length });
    })
    .on('/Api/SysConfig/sys_job/Retry', (_c: unknown, body: { id: number }) => {
      retried.push(body.id);
      return ok(job({ id: body.id, status: 'queued', attempts: 0 }), '任务已重新排队');
    });
});
afterEach(() => vi.restoreAllMocks());

const renderPage = () => renderWithApp(<JobsPage />);

describe('后台任务 page', () => {
  it('shows each job with its name, status, attempts and last error; retry asks first and only a failed job offers it', async () => {
    renderPage();
    const failed = (await screen.findByText('考试通知')).closest('tr') as HTMLElement;
    expect(failed).toHaveTextContent('已失败');
    expect(failed).toHaveTextContent('3 / 3');
    expect(failed).toHaveTextContent('磁盘已满');
    const done = screen.getByText('公告消息分发').closest('tr') as HTMLElement;
    expect(done).toHaveTextContent('已完成');
    expect(within(done).queryByTestId('job-retry')).toBeNull();

    fireEvent.click(within(failed).getByTestId('job-retry'));
    expect(retried).toEqual([]);
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(retried).toEqual([2]));
    expect(await screen.findByText('任务已重新排队')).toBeInTheDocument();
  });

  it('shows what a job stored (结果) on its row and, expanded, in full', async () => {
    renderPage();
    const imported = (await screen.findByText('导入学员')).closest('tr') as HTMLElement;
    expect(imported).toHaveTextContent('added: 600, updated: 0');
    const plain = screen.getByText('公告消息分发').closest('tr') as HTMLElement;
    expect(plain).not.toHaveTextContent('added');

    fireEvent.click(within(imported).getByRole('button', { name: /展开/ }));
    const full = await screen.findByTestId('job-result');
    expect(full).toHaveTextContent('结果');
    expect(JSON.parse(full.querySelector('pre')?.textContent ?? '')).toEqual({ added: 600, updated: 0 });
  });

  it('hides retry from an administrator without the retry action', async () => {
    useSession.setState({ actions: ['Job.List'] });
    renderPage();
    await screen.findByText('考试通知');
    expect(screen.queryByTestId('job-retry')).toBeNull();
  });
});
