import { Button, Popconfirm, Space } from 'antd';
import type { ReactNode } from 'react';

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
