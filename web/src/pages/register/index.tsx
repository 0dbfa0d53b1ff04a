import { useNavigate } from 'react-router';
import { LogoMark } from '../../app/layout/Logo';
import { LoginFooter } from '../login/components/LoginFooter';
import { RegisterForm } from '../login/components/RegisterForm';
import '../login/login.css';

/**
 * /register: activation of an imported employee with the four fields of the spec; after the
 * server's message, /login. (The original page bounced to /home on load; this one stays usable.)
 */
export default function RegisterPage() {
  const navigate = useNavigate();
  return (
    <main className="xt-login" data-testid="register-page">
      <div className="xt-login-brand">
        <LogoMark size={44} />
        <div>
          <div className="xt-login-title">学途</div>
          <div className="xt-login-sub">员工注册激活</div>
        </div>
      </div>
      <section className="xt-login-card" aria-labelledby="register-title">
        <h2 className="xt-login-card-title" id="register-title">
          注册激活
        </h2>
        <RegisterForm withPassword={false} onRegistered={() => navigate('/login', { replace: true })} />
        <div style={{ marginTop: 12, textAlign: 'center' }}>
          <a onClick={() => navigate('/login')}>已有账号，去登录</a>
        </div>
      </section>
      <LoginFooter />
    </main>
  );
}
