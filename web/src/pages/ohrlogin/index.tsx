import { type AccountChoice, accountApi } from '@xuetu/contract';
import { Button, Card, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { call } from '../../api/client';
import { useAccountLogin } from '../login/useAccountLogin';
import '../login/login.css';

/** /ohrlogin?token=…: single sign-on landing. One account logs in directly, several open the chooser. */
export default function OhrLoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const [failed, setFailed] = useState(false);
  const { finish, chooser } = useAccountLogin(() => navigate('/', { replace: true }));
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!token) {
      setFailed(true);
      return;
    }
    call(accountApi.ohrLogin, undefined, { params: { token } })
      .then((choices: AccountChoice[]) => finish(choices))
      .catch(() => setFailed(true));
  }, [token, finish]);

  return (
    <div className="xt-login" data-testid="ohrlogin-page">
      <Card className="xt-login-card">
        {failed ? (
          <Result
            status="warning"
            title="单点登录失败"
            subTitle="登录凭证无效或已过期，请返回原系统重新进入，或使用账号登录。"
            extra={<Button onClick={() => navigate('/login', { replace: true })}>账号登录</Button>}
          />
        ) : (
          <div style={{ textAlign: 'center', padding: 32 }}>
            <Spin /> <div style={{ marginTop: 12 }}>正在登录…</div>
          </div>
        )}
      </Card>
      {chooser}
    </div>
  );
}
