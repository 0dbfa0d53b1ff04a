import { Modal, Result } from 'antd';
import { type ComponentType, lazy, Suspense } from 'react';
import { USER_DIALOG_TITLES, type UserDialogKind, type UserDialogProps, useUserDialogs } from '../userDialogs';

/**
 * Plug the real dialogs in here, one line each, e.g.
 * `password: lazy(() => import('../../pages/account/PasswordDialog'))`.
 * A dialog gets { open, onClose } and renders its own antd Modal.
 */
export const userDialogComponents: Record<UserDialogKind, ComponentType<UserDialogProps> | null> = {
  profile: lazy(() => import('../../pages/account/ProfileDialog')),
  password: lazy(() => import('../../pages/account/PasswordDialog')),
  cancel: lazy(() => import('../../pages/account/CancelDialog')),
};

function Placeholder({ kind, open, onClose }: UserDialogProps & { kind: UserDialogKind }) {
  return (
    <Modal
      title={USER_DIALOG_TITLES[kind]}
      open={open}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      <Result status="info" title="建设中" subTitle="该功能正在建设中，敬请期待。" />
    </Modal>
  );
}

export function UserDialogs() {
  const open = useUserDialogs((s) => s.open);
  const close = useUserDialogs((s) => s.close);
  if (!open) return null;
  const Dialog = userDialogComponents[open];
  if (!Dialog) return <Placeholder kind={open} open onClose={close} />;
  return (
    <Suspense fallback={null}>
      <Dialog open onClose={close} />
    </Suspense>
  );
}
