import { AUDIT_STATUS_LABELS, type ResView, resDirApi, trainResApi } from '@xuetu/contract';
import { Drawer, Empty, Select, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useCall } from '../../../api/hooks';
import { useCompanyOptions, useIsPlatformStaff } from '../content/companies';
import { FilterSelect, type PagedQuery, type Paging } from '../listParts';

const COLORS: Record<number, string> = { 0: 'default', 10: 'processing', 20: 'success', 30: 'error', 40: 'warning' };

export const statusTag = (s: number) => <Tag color={COLORS[s]}>{AUDIT_STATUS_LABELS[s] ?? s}</Tag>;

/**
 * A resource list's table: a row per resource, its page from `paging`; the spinner only until the
 * first rows (a refetch — media progress every 2 s, a search — keeps the rows in view).
 */
export const resTable = (paging: Paging, list: PagedQuery<ResView>) => ({
  rowKey: 'resCode',
  size: 'middle' as const,
  ...paging.table(list),
  loading: list.isFetching && !list.data,
});

/** The 审核状态 filter of a resource list's search row, in the order given. */
export const auditStatusFilter = (label: string, width: number, order: number[]) => (
  <FilterSelect name="auditStatus" label={label} width={width} options={order.map((v) => ({ value: v, label: AUDIT_STATUS_LABELS[v] }))} />
);
const ACTION_LABELS: Record<string, string> = {
  submit: '提交审核',
  pass: '审核通过',
  reject: '驳回',
  revoke: '撤回',
  edit: '修改（重新审核）',
};

/** Platform staff pick the company they work on ('' = the platform's own resources). */
export function useResCompany() {
  const staff = useIsPlatformStaff();
  const companies = useCompanyOptions(staff);
  const [company, setCompany] = useState('');
  const picker = staff ? (
    <Select
      aria-label="公司"
      style={{ width: 200 }}
      value={company}
      options={[{ value: '', label: '平台（全部公司）' }, ...(companies.data ?? [])]}
      onChange={setCompany}
      data-testid="res-company"
    />
  ) : null;
  return { staff, company, picker };
}

export function useResDirs(company: string) {
  return useCall(resDirApi.getTreeData, { companySysCode: company });
}

/** Who did what when: every audit action with from → to and the comment. */
export function AuditHistoryDrawer({ res, onClose }: { res: ResView | null; onClose: () => void }) {
  const history = useCall(trainResApi.getAuditHistory, { rescode: res?.resCode ?? '' }, { enabled: Boolean(res) });
  return (
    <Drawer open={Boolean(res)} title={`审核记录：${res?.resName ?? ''}`} width={460} onClose={onClose} destroyOnHidden>
      {history.data?.length ? (
        <Timeline
          data-testid="audit-history"
          items={history.data.map((h) => ({
            color: h.action === 'reject' ? 'red' : h.action === 'pass' ? 'green' : 'blue',
            children: (
              <div>
                <Typography.Text strong>{ACTION_LABELS[h.action] ?? h.action}</Typography.Text>{' '}
                <Typography.Text type="secondary">
                  {h.userName} · {h.createTime}
                </Typography.Text>
                <div>
                  {AUDIT_STATUS_LABELS[h.fromStatus]} → {AUDIT_STATUS_LABELS[h.toStatus]}
                </div>
                {h.comment && <div>意见：{h.comment}</div>}
              </div>
            ),
          }))}
        />
      ) : (
        <Empty description={history.isLoading ? '加载中' : '暂无审核记录'} />
      )}
    </Drawer>
  );
}
