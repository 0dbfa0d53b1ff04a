import { MobileOutlined } from '@ant-design/icons';
import { Card, Popover, QRCode, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { LogoMark } from '../../app/layout/Logo';
import { LoginPanel } from './LoginPanel';
import { useTicketLogin } from './useTicketLogin';
import './login.css';

/** Where the mobile app is offered (the QR code of the download popover). */
const APP_DOWNLOAD_URL = `${typeof window === 'undefined' ? '' : window.location.origin}/app`;

/** Standalone sign-in page. After login: the `redirect` query value, or / (the guard loads the session). */
export default function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  useTicketLogin();
  const onLoggedIn = () => navigate(params.get('redirect') || '/', { replace: true });
  return (
    <div className="xt-login" data-testid="login-page">
      <div className="xt-login-brand">
        <LogoMark size={44} />
        <div>
          <div className="xt-login-title">学途</div>
          <div className="xt-login-sub">在线培训考试平台</div>
        </div>
      </div>
      <Card className="xt-login-card">
        <LoginPanel onLoggedIn={onLoggedIn} />
      </Card>
      <Popover
        placement="bottom"
        content={
          <div style={{ textAlign: 'center' }} data-testid="app-qr">
            <QRCode value={APP_DOWNLOAD_URL} size={140} bordered={false} />
            <Typography.Text type="secondary">扫码下载学途 App</Typography.Text>
          </div>
        }
      >
        <a className="xt-login-app" data-testid="download-app">
          <MobileOutlined /> 下载移动端
        </a>
      </Popover>
      <footer className="xt-login-footer">
        <div>地址：北京市海淀区学院路 1 号 · 工作时间：工作日 09:00-17:30</div>
        <div>© {new Date().getFullYear()} 学途在线培训考试平台 · 学途教育科技有限公司 · 京ICP备00000000号</div>
      </footer>
    </div>
  );
}
