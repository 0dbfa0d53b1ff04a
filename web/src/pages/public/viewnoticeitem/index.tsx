import { Breadcrumb } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { BackTop } from '../components/BackTop';
import { NoticeView } from '../components/NoticeView';
import { PortalFooter } from '../components/PortalFooter';
import { PortalHeader, usePortalLogin } from '../components/PortalHeader';
import '../components/portal.css';

/** Public notice viewer: /viewnoticeitem?noticeSysCode=… */
export default function ViewNoticeItemPage() {
  const login = usePortalLogin();
  const [params] = useSearchParams();
  const code = params.get('noticeSysCode') ?? '';
  return (
    <div className="xt-portal" data-testid="view-notice-page">
      <PortalHeader login={login} />
      <main className="xt-container xt-portal-main">
        <Breadcrumb
          style={{ margin: '0 0 16px' }}
          items={[{ title: <Link to="/home">首页</Link> }, { title: <Link to="/infonoticelist">通知公告</Link> }, { title: '公告详情' }]}
        />
        <div className="xt-page-card">
          <NoticeView noticeSysCode={code} />
        </div>
      </main>
      <PortalFooter />
      <BackTop />
    </div>
  );
}
