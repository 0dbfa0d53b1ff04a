import { keepPreviousData } from '@tanstack/react-query';
import type { Endpoint, PageResult } from '@xuetu/contract';
import { Form, Space, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { useCall } from '../../api/hooks';
import { useExamCompany } from './exam/shared';
import { FilterSelect, KeywordItem, SearchButton, SearchForm, usePaging } from './listParts';

/** What the search form of an exam or project list filters by. */
export interface StatusFilter {
  keyword: string;
  status?: number;
}
/** A list's filter: the keyword and the list's own choices (all optional: the list starts unfiltered). */
export type ListFilter = { keyword: string };
export type LifecyclePageQuery<F extends ListFilter = StatusFilter> = F & { companySysCode: string; pageIndex: number; pageRows: number };

/**
 * The state of an exam, project or paper list read from its page endpoint: the company (platform
 * staff pick one), the filter, the page and the query (`useCall`, keyed by the endpoint and all of
 * that). `search` takes the search form's values (back to page 1); `table` is what the antd table
 * needs for rows, loading and the pager.
 */
export function useLifecycleList<T, F extends ListFilter = StatusFilter>(
  // biome-ignore lint/suspicious/noExplicitAny: any page endpoint that reads the filter, company and page
  endpoint: Endpoint<any, PageResult<T>>,
) {
  const { company, picker } = useExamCompany();
  // a filter's choices besides the keyword are optional, so the empty filter is one
  const [filter, setFilter] = useState<F>({ keyword: '' } as F);
  const paging = usePaging();
  const query: LifecyclePageQuery<F> = {
    ...filter,
    companySysCode: company,
    pageIndex: paging.page.pageIndex,
    pageRows: paging.page.pageSize,
  };
  const list = useCall(endpoint, query as never, { placeholderData: keepPreviousData });
  const search = (f: F) => {
    setFilter(f);
    paging.first();
  };
  return { company, picker, list, search, table: paging.table(list) };
}

/**
 * The search form above an exam or project list: company picker (platform staff), keyword,
 * status, 搜索 and the page's own buttons (`actions`, beside 搜索).
 */
export function StatusSearchForm(props: {
  picker: ReactNode;
  onSearch: (v: StatusFilter) => void;
  keywordPlaceholder: string;
  keywordTestId?: string;
  statusLabels: Record<number, string>;
  actions?: ReactNode;
}) {
  return (
    <SearchForm onFinish={(v: Partial<StatusFilter>) => props.onSearch({ keyword: v.keyword ?? '', status: v.status })}>
      {props.picker && <Form.Item>{props.picker}</Form.Item>}
      <KeywordItem placeholder={props.keywordPlaceholder} testId={props.keywordTestId} />
      <FilterSelect
        name="status"
        label="状态"
        width={120}
        options={Object.entries(props.statusLabels).map(([v, l]) => ({ value: Number(v), label: l }))}
      />
      {props.actions ? (
        <Space>
          <SearchButton />
          {props.actions}
        </Space>
      ) : (
        <SearchButton />
      )}
    </SearchForm>
  );
}

// draft, published, closed (the lifecycle of LifecycleActions)
const STATUS_COLOR = ['default', 'green', 'red'];

/** The 状态 column of an exam or project list: the status as a coloured tag. */
export const statusColumn = (labels: Record<number, string>) => ({
  title: '状态',
  dataIndex: 'status',
  width: 90,
  render: (s: number) => <Tag color={STATUS_COLOR[s]}>{labels[s]}</Tag>,
});
