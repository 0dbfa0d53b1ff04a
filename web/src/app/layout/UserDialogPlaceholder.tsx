import { Modal, Result } from 'antd';
import { USER_DIALOG_TITLES, type UserDialogKind, type UserDialogProps } from '../userDialogs';

/** A user-menu dialog that is not built yet: 建设中. */
export default function UserDialogPlaceholder({ kind, open, onClose }: UserDialogProps & { kind: UserDialogKind }) {
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
