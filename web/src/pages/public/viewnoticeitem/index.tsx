import { useSearchParams } from 'react-router';
import { BackTop } from '../components/BackTop';
import { NoticeView } from '../components/NoticeView';
import { PortalFooter } from '../components/PortalFooter';
import { PortalHeader, usePortalLogin } from '../components/PortalHeader';
import { PortalCrumbs } from '../components/PortalNav';
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
        <PortalCrumbs items={[{ title: '首页', to: '/home' }, { title: '通知公告', to: '/infonoticelist' }, { title: '公告详情' }]} />
        <div className="xt-page-card">
          <NoticeView noticeSysCode={code} />
        </div>
      </main>
      <PortalFooter />
      <BackTop />
    </div>
  );
}
