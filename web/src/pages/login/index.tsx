import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../../app/guard';
import { LogoMark } from '../../app/layout/Logo';
import { LoginFooter } from './components/LoginFooter';
import { LoginPanel } from './LoginPanel';
import { useTicketLogin } from './useTicketLogin';
import './login.css';

/** Standalone sign-in page. After login: the `redirect` query value, or / (the guard loads the session). */
export default function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  useTicketLogin();
  const onLoggedIn = () => navigate(safeRedirect(params.get('redirect')), { replace: true });
  return (
    <main className="xt-login" data-testid="login-page">
      <div className="xt-login-brand">
        <LogoMark size={44} />
        <div>
          <div className="xt-login-title">学途</div>
          <div className="xt-login-sub">在线培训考试平台</div>
        </div>
      </div>
      {/* a plain card: antd's Card brings its tab bar (Tabs, Dropdown, Menu) along (issue 15 budget) */}
      <section className="xt-login-card">
        <LoginPanel onLoggedIn={onLoggedIn} />
      </section>
      <LoginFooter />
    </main>
  );
}
