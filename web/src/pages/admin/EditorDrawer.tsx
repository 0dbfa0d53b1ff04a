import { Button, Drawer, Skeleton, Space } from 'antd';
import type { ReactNode } from 'react';

/**
 * The drawer an exam, paper or project is edited in: 取消 and 保存 at the top, a skeleton while
 * the stored record loads, then the form (`children`); `dialogs` (pickers the form opens) stay
 * mounted beside it.
 */
export function EditorDrawer(props: {
  open: boolean;
  title: string;
  width: number;
  onClose: () => void;
  loading: boolean;
  saving: boolean;
  onSave: () => unknown;
  saveTestId: string;
  children: ReactNode;
  dialogs?: ReactNode;
}) {
  return (
    <Drawer
      open={props.open}
      title={props.title}
      width={props.width}
      onClose={props.onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={props.onClose}>取消</Button>
          <Button type="primary" loading={props.saving} onClick={() => void props.onSave()} data-testid={props.saveTestId}>
            保存
          </Button>
        </Space>
      }
    >
      {props.loading ? <Skeleton active /> : props.children}
      {props.dialogs}
    </Drawer>
  );
}
