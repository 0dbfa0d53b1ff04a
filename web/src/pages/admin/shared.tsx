// Pieces the administration pages share: platform check, confirmations, paging, pickers.

import { COMPANY_SEARCH_ROWS, companiesApi, type OrgNode, PAGE_SIZE_DEFAULT, PAGE_SIZE_OPTIONS, SysRole } from '@xuetu/contract';
import type { TablePaginationConfig } from 'antd';
import { App, Select, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { useCall } from '../../api/hooks';
import { useSession } from '../../app/store/session';
import { useOrgTree } from '../../components/ParticipantSelect/queries';

export { useOrgTree };

/** System roles 1 and 2 see every company (and must pick one where the spec says so). */
export function useIsPlatform(): boolean {
  const sysRoles = useSession((s) => s.sysRoles);
  return sysRoles.includes(SysRole.PlatformAdmin) || sysRoles.includes(SysRole.PlatformOperator);
}

/** A confirmation whose cancel says 已取消 (spec §8). Resolves true on OK. */
export function useConfirm() {
  const { modal, message } = App.useApp();
  return (content: string, title = '提示') =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title,
        content,
        okText: '确定',
        cancelText: '取消',
        onOk: () => resolve(true),
        onCancel: () => {
          message.info('已取消');
          resolve(false);
        },
      });
    });
}

/** spec §2/§9: 20 rows by default, 20/50/100, total, sizes, pager and jumper. */
export function pager(
  p: { pageIndex: number; pageSize: number; total: number },
  onChange: (pageIndex: number, pageSize: number) => void,
): TablePaginationConfig {
  return {
    current: p.pageIndex,
    pageSize: p.pageSize,
    total: p.total,
    showSizeChanger: true,
    showQuickJumper: true,
    pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
    showTotal: (t) => `共 ${t} 条`,
    // styles.css orders the parts as the spec lists them: total, sizes, prev, pager, next, jumper
    className: 'xt-spec-pager',
    onChange,
  };
}
export const DEFAULT_PAGE = { pageIndex: 1, pageSize: PAGE_SIZE_DEFAULT };

/**
 * A table's `scroll.x`: its columns' widths, `flexible` px for a column without one. On a phone the
 * table scrolls inside its own box at that width instead of widening the page or squeezing names
 * to one character a line; on a wide screen it still fills the card (issue 23 item 12).
 */
export function tableScrollX(columns: readonly { width?: number | string }[], flexible = 200): number {
  return columns.reduce((w, c) => w + (typeof c.width === 'number' ? c.width : flexible), 0);
}

export interface TreeOption {
  value: string;
  title: string;
  key: string;
  id: number;
  children: TreeOption[];
}
export const toTreeOptions = (nodes: OrgNode[]): TreeOption[] =>
  nodes.map((n) => ({ value: n.orgCode, title: n.label, key: n.orgCode, id: n.id, children: toTreeOptions(n.children) }));

/** Organisation picker: a tree with a substring filter on the label (spec §2, §5). */
export function OrgTreeSelect(props: {
  value?: string;
  onChange?: (v: string | undefined) => void;
  companySysCode?: string;
  placeholder?: string;
  allowClear?: boolean;
  style?: React.CSSProperties;
  'data-testid'?: string;
}) {
  const tree = useOrgTree(props.companySysCode ?? '');
  const data = useMemo(() => toTreeOptions(tree.data ?? []), [tree.data]);
  return (
    <TreeSelect
      data-testid={props['data-testid']}
      style={props.style ?? { width: '100%' }}
      value={props.value || undefined}
      onChange={(v) => props.onChange?.(v)}
      treeData={data}
      loading={tree.isLoading}
      showSearch
      treeNodeFilterProp="title"
      filterTreeNode={(input, node) => String(node.title ?? '').includes(input)}
      treeDefaultExpandAll
      allowClear={props.allowClear ?? true}
      aria-label={props.placeholder ?? '请选择部门'}
      placeholder={props.placeholder ?? '请选择部门'}
    />
  );
}

/** Company picker with remote search (spec: GetCompanyListPage page 1 × 100). */
export function CompanySelect(props: {
  value?: string;
  onChange?: (v: string | undefined) => void;
  style?: React.CSSProperties;
  placeholder?: string;
  valueField?: 'companySysCode' | 'companyCode';
  'data-testid'?: string;
}) {
  const [key, setKey] = useState('');
  // spec §9: company search is page 1 × 100 rows; §8: a failed company load only stops the loading state
  const q = useCall(
    companiesApi.getCompanyListPage,
    { PageIndex: 1, PageRows: COMPANY_SEARCH_ROWS, Search: { key, status: '' } },
    { config: { silent: true } },
  );
  const field = props.valueField ?? 'companySysCode';
  return (
    <Select
      data-testid={props['data-testid']}
      style={props.style ?? { width: 220 }}
      showSearch={{ filterOption: false, onSearch: setKey }}
      allowClear
      value={props.value || undefined}
      onChange={(v) => props.onChange?.(v)}
      aria-label={props.placeholder ?? '请选择公司'}
      placeholder={props.placeholder ?? '请选择公司'}
      loading={q.isLoading}
      options={(q.data?.models ?? []).map((c) => ({ value: c[field], label: `${c.companyName}（${c.companyCode}）` }))}
    />
  );
}
