import { type ComponentType, lazy, Suspense } from 'react';
import { type UserDialogKind, type UserDialogProps, useUserDialogs } from '../userDialogs';

// antd Result (and its pictures) only when a placeholder is shown (issue 15)
const Placeholder = lazy(() => import('./UserDialogPlaceholder'));

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

export function UserDialogs() {
  const open = useUserDialogs((s) => s.open);
  const close = useUserDialogs((s) => s.close);
  if (!open) return null;
  const Dialog = userDialogComponents[open];
  return <Suspense fallback={null}>{Dialog ? <Dialog open onClose={close} /> : <Placeholder kind={open} open onClose={close} />}</Suspense>;
}
