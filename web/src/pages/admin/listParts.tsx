import { PlusOutlined } from '@ant-design/icons';
import type { PageResult } from '@xuetu/contract';
import { Button, Card, Form, type FormProps, Input, Popconfirm, Select, type SelectProps, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { Can } from '../../components/Can';
import { DEFAULT_PAGE, pager } from './shared';

// The pieces of an administration list page's search row and its editor dialog, written once for
// the lists that each spelled them out (issue 40 item 5): the inline search form, a filter
// select, the keyword box, 搜索, the 新增 button behind its permission, the page and the table's rows.

/** The inline search form above a list (spacing as the spec's search rows). */
export function SearchForm<V>(props: Omit<FormProps<V>, 'layout' | 'style' | 'children'> & { children: ReactNode }) {
  return <Form<V> layout="inline" style={{ marginBottom: 16, rowGap: 12 }} {...props} />;
}

/** A search form's keyword box. */
export function KeywordItem({ placeholder, testId }: { placeholder: string; testId?: string }) {
  return (
    <Form.Item name="keyword">
      <Input placeholder={placeholder} allowClear data-testid={testId} />
    </Form.Item>
  );
}

/**
 * A filter of a search form: a select whose label is its placeholder, cleared back to all; or,
 * with `all`, one whose first option is 全部… and which has no clear button.
 */
export function FilterSelect({
  name,
  label,
  width,
  options,
  all,
}: {
  name: string;
  label: string;
  width: number;
  options: SelectProps['options'];
  all?: boolean;
}) {
  return (
    <Form.Item name={name}>
      <Select style={{ width }} aria-label={label} placeholder={all ? undefined : label} allowClear={!all} options={options} />
    </Form.Item>
  );
}

/** The search form's submit button. */
export function SearchButton() {
  return (
    <Button type="primary" htmlType="submit">
      搜索
    </Button>
  );
}

/** A button that calls an action, shown only with its permission. */
type ActionButtonProps = { action: string; onClick: () => void; testId?: string; children: ReactNode };

/** 新增…: shown only with the permission to add (`primary` where it is the toolbar's first button). */
export function AddButton({ action, onClick, testId, primary, children }: ActionButtonProps & { primary?: boolean }) {
  return (
    <Can action={action}>
      <Button type={primary ? 'primary' : undefined} icon={<PlusOutlined />} onClick={onClick} data-testid={testId}>
        {children}
      </Button>
    </Can>
  );
}

/**
 * The editor dialog a list opens: closed, for a new object (`add`) or for one code (`edit`).
 * `dialog(afterSave)` is the dialog's open, onClose and onSaved (close, then `afterSave`, the
 * list's reload).
 */
export function useEditorDialog() {
  const [state, setState] = useState<{ open: boolean; code: string | null }>({ open: false, code: null });
  const close = () => setState({ open: false, code: null });
  return {
    code: state.code,
    add: () => setState({ open: true, code: null }),
    edit: (code: string) => setState({ open: true, code }),
    dialog: (afterSave: () => unknown) => ({
      open: state.open,
      onClose: close,
      onSaved: () => {
        close();
        void afterSave();
      },
    }),
  };
}

/**
 * A list's page (20 rows first, spec §2) and what its antd table takes from the page query: rows,
 * loading and the pager. A new search goes back to page 1 (`first`) or to the first page of 20
 * rows (`reset`), as each list did.
 */
/** A page query as the table reads it (a `useCall` of a page endpoint). */
export type PagedQuery<T> = { isFetching: boolean; data?: PageResult<T> };
export type Paging = ReturnType<typeof usePaging>;

export function usePaging() {
  const [page, setPage] = useState(DEFAULT_PAGE);
  return {
    page,
    first: () => setPage((p) => ({ ...p, pageIndex: 1 })),
    reset: () => setPage(DEFAULT_PAGE),
    /** `set` for a filter of the list that also goes back to the first page of 20 rows */
    resetting:
      <V,>(set: (value: V) => void) =>
      (value: V) => {
        set(value);
        setPage(DEFAULT_PAGE);
      },
    table: <T,>(list: PagedQuery<T>) => ({
      loading: list.isFetching,
      dataSource: list.data?.models ?? [],
      pagination: pager({ ...page, total: list.data?.totalCount ?? 0 }, (pageIndex, pageSize) => setPage({ pageIndex, pageSize })),
    }),
  };
}

/** A keyword box searched on enter or its button (the lists without a search form). */
export function KeywordSearch({ placeholder, onSearch }: { placeholder: string; onSearch: (keyword: string) => void }) {
  return <Input.Search placeholder={placeholder} allowClear style={{ width: 240 }} onSearch={onSearch} />;
}

/** A row's action in the 操作 column: a small link button, shown only with its permission. */
export function RowAction({ action, onClick, testId, danger, children }: ActionButtonProps & { danger?: boolean }) {
  return (
    <Can action={action}>
      <Button type="link" size="small" danger={danger} onClick={onClick} data-testid={testId}>
        {children}
      </Button>
    </Can>
  );
}

/** The 操作 column of an administration table. */
export const opsColumn = <T,>(width: number, render: (row: T) => ReactNode) => ({
  title: '操作',
  key: 'ops',
  width,
  render: (_: unknown, row: T) => render(row),
});

/** An administration list in its card: the toolbar (search, filters, buttons) above the table and its dialogs. */
export function ListCard({
  testId,
  toolbar,
  wrap,
  children,
}: {
  testId: string;
  toolbar: ReactNode;
  /** the toolbar wraps onto a second line on a narrow screen */
  wrap?: boolean;
  children: ReactNode;
}) {
  return (
    <Card variant="borderless" data-testid={testId}>
      <Space style={{ marginBottom: 16 }} wrap={wrap}>
        {toolbar}
      </Space>
      {children}
    </Card>
  );
}

/**
 * 编辑 and 删除 of a row, the delete asked first (`confirm`): the 操作 cell's links of the lists
 * whose rows have no lifecycle (papers, practices, questions); the page wraps them with its own.
 */
export function EditDeleteLinks({
  onEdit,
  confirm,
  onDelete,
  deleteDisabled,
  editTestId,
}: {
  onEdit: () => void;
  confirm: string;
  onDelete: () => void;
  deleteDisabled?: boolean;
  editTestId?: string;
}) {
  return (
    <>
      <Button size="small" type="link" onClick={onEdit} data-testid={editTestId}>
        编辑
      </Button>
      <Popconfirm title={confirm} onConfirm={onDelete}>
        <Button size="small" type="link" danger disabled={deleteDisabled}>
          删除
        </Button>
      </Popconfirm>
    </>
  );
}
