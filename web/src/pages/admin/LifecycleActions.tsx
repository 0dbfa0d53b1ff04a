import type { ModuleName } from '@xuetu/contract';
import { Button, Popconfirm, Space } from 'antd';
import type { ReactNode } from 'react';
import { useAppMutation } from '../../app/useAppMutation';

/** Draft → published → closed: the lifecycle exams and training projects share (same numbers). */
const Draft = 0;
const Published = 1;
const Closed = 2;

export type LifecycleAction = 'publish' | 'close' | 'delete';

/**
 * The operations cell of an exam or project list: 编辑 (until closed), 发布 (drafts), 结束
 * (published), what the page adds (`extra`, after publishing), and 删除 while nobody has taken
 * part. Each state change asks first, in the words of the page's thing (`texts`).
 */
export function LifecycleActions(props: {
  status: number;
  canEdit: boolean;
  canPublish: boolean;
  /** nobody has taken part yet: the thing may still be deleted */
  deletable: boolean;
  texts: { publish: string; close: string; remove: string };
  testIdPrefix: string;
  onEdit(): void;
  onAct(kind: LifecycleAction): void;
  extra?: ReactNode;
}) {
  const { status, texts } = props;
  return (
    <Space size={4} wrap>
      {props.canEdit && status !== Closed && (
        <Button size="small" type="link" onClick={props.onEdit}>
          编辑
        </Button>
      )}
      {props.canPublish && status === Draft && (
        <Popconfirm title={texts.publish} onConfirm={() => props.onAct('publish')}>
          <Button size="small" type="link" data-testid={`${props.testIdPrefix}-publish`}>
            发布
          </Button>
        </Popconfirm>
      )}
      {props.canPublish && status === Published && (
        <Popconfirm title={texts.close} onConfirm={() => props.onAct('close')}>
          <Button size="small" type="link">
            结束
          </Button>
        </Popconfirm>
      )}
      {status !== Draft && props.extra}
      {props.canEdit && props.deletable && (
        <Popconfirm title={texts.remove} onConfirm={() => props.onAct('delete')}>
          <Button size="small" type="link" danger>
            删除
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}

/** What a list page says of its rows in the 操作 column: the same for every row. */
export interface LifecycleOps {
  canEdit: boolean;
  canPublish: boolean;
  texts: { publish: string; close: string; remove: string };
  testIdPrefix: string;
}

/**
 * The 操作 column of an exam or project list (fixed on the right): the row's LifecycleActions, in
 * the page's words (`of`), what the row allows (`row`) and its actions.
 */
export function lifecycleColumn<T>(
  width: number,
  of: LifecycleOps,
  row: (r: T) => { status: number; deletable: boolean; onEdit(): void; onAct(kind: LifecycleAction): void; extra?: ReactNode },
) {
  return {
    title: '操作',
    key: 'op',
    width,
    fixed: 'right' as const,
    render: (_: unknown, r: T) => <LifecycleActions {...of} {...row(r)} />,
  };
}

/**
 * 发布, 结束 and 删除 of one row of an exam or project list: publishing shows the server's msg (how
 * many were told), closing and deleting the page's words; then the module's lists are read again.
 */
export function useLifecycleAct(o: {
  publish: (code: string) => Promise<{ msg: string }>;
  close: (code: string) => Promise<unknown>;
  remove: (code: string) => Promise<unknown>;
  words: { closed: string; deleted: string };
  module: ModuleName;
}) {
  const act = useAppMutation({
    mutationFn: async ({ kind, code }: { kind: LifecycleAction; code: string }) => {
      if (kind === 'publish') return (await o.publish(code)).msg;
      await (kind === 'close' ? o.close(code) : o.remove(code));
      return kind === 'close' ? o.words.closed : o.words.deleted;
    },
    success: (msg) => msg,
    invalidate: [o.module],
  });
  return (kind: LifecycleAction, code: string) => act.mutate({ kind, code });
}
