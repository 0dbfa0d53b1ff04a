import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../../app/guard';
import { LogoMark } from '../../app/layout/Logo';
import { LoginFooter } from './components/LoginFooter';
import { LoginPanel } from './LoginPanel';
import { useOidcReturn } from './useOidcReturn';
import { useTicketLogin } from './useTicketLogin';
import './login.css';

/** Standalone sign-in page. After login: the `redirect` query value, or / (the guard loads the session). */
export default function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  useTicketLogin();
  const onLoggedIn = () => navigate(safeRedirect(params.get('redirect')), { replace: true });
  const oidcNotice = useOidcReturn(onLoggedIn, params.get('oidcError'));
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
        {oidcNotice && (
          <div className="xt-login-notice" role="alert" data-testid="oidc-error">
            {oidcNotice}
          </div>
        )}
        <LoginPanel onLoggedIn={onLoggedIn} redirect={params.get('redirect')} />
      </section>
      <LoginFooter />
    </main>
  );
}
