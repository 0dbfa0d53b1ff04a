import { Button, Result } from 'antd';
import type { ResultStatusType } from 'antd/es/result';
import { useNavigate } from 'react-router';
import { useIsLoggedIn } from '../../app/store/session';

export function ErrorPage({ status, title, subTitle }: { status: ResultStatusType; title: string; subTitle: string }) {
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16 }}>
      <Result
        status={status}
        title={title}
        subTitle={subTitle}
        extra={[
          <Button key="back" data-testid="error-back" onClick={() => navigate(-1)}>
            返回
          </Button>,
          <Button key="home" type="primary" data-testid="error-home" onClick={() => navigate(loggedIn ? '/dashboard' : '/home')}>
            回首页
          </Button>,
        ]}
      />
    </div>
  );
}
