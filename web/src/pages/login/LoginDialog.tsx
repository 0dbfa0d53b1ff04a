import { Modal } from 'antd';
import { LoginPanel } from './LoginPanel';
import './login.css';

/**
 * The login dialog of the public pages (/home, notice pages): the same card as /login.
 * After login the caller decides where to go (spec: the redirect query value or /).
 */
export default function LoginDialog({ open, onClose, onLoggedIn }: { open: boolean; onClose(): void; onLoggedIn(): void }) {
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={420} destroyOnHidden title="登录学途" data-testid="login-dialog">
      <LoginPanel
        redirect={window.location.pathname + window.location.search}
        onLoggedIn={() => {
          onClose();
          onLoggedIn();
        }}
      />
    </Modal>
  );
}

export { LoginDialog };
