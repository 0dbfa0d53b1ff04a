// Placeholder public landing page; the portal home (banners, notices, courses…) replaces it.
import { Button, Typography } from 'antd';
import { Link } from 'react-router';
import { useIsLoggedIn } from '../../../app/store/session';
import { PublicHeader } from '../../../components/PublicHeader';

export default function HomePage() {
  const loggedIn = useIsLoggedIn();
  return (
    <div data-testid="home-page" style={{ minHeight: '100vh', background: '#f5f7fa' }}>
      <PublicHeader />
      <section
        style={{
          background: 'linear-gradient(135deg, #2b4b80 0%, #409eff 70%)',
          color: '#fff',
          padding: '72px 16px',
          textAlign: 'center',
        }}
      >
        <Typography.Title style={{ color: '#fff', marginTop: 0 }}>学途 · 在线培训考试平台</Typography.Title>
        <Typography.Paragraph style={{ color: 'rgba(255,255,255,0.85)', fontSize: 16 }}>
          随时随地学习课程、参加考试，记录每一步成长。
        </Typography.Paragraph>
        <Link to={loggedIn ? '/dashboard' : '/login'}>
          <Button size="large" style={{ marginTop: 8 }}>
            {loggedIn ? '进入我的主页' : '立即登录'}
          </Button>
        </Link>
      </section>
    </div>
  );
}
