import { keepPreviousData } from '@tanstack/react-query';
import { NOTICE_PAGE_SIZE, noticesApi } from '@xuetu/contract';
import { Empty, Skeleton } from 'antd';
import { useSearchParams } from 'react-router';
import { useCall } from '../../../api/hooks';
import { BackTop } from '../components/BackTop';
import { NoticeRows } from '../components/NoticeRows';
import { PortalFooter } from '../components/PortalFooter';
import { PortalHeader, usePortalLogin } from '../components/PortalHeader';
import { PortalCrumbs, PrevNextPager } from '../components/PortalNav';
import '../components/portal.css';

/** Public notice list (spec: ReleaseTime descending, 10 per page only, previous/next text pager). */
export default function InfoNoticeListPage() {
  const login = usePortalLogin();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = useCall(
    noticesApi.getInfoNoticeDataPageList,
    { search: { keyword: '' }, pageIndex: page, pageRows: NOTICE_PAGE_SIZE, sortField: 'ReleaseTime', sortType: 'desc' },
    { placeholderData: keepPreviousData },
  );
  const go = (p: number) => {
    setParams(p > 1 ? { page: String(p) } : {});
    window.scrollTo({ top: 0 });
  };
  return (
    <div className="xt-portal" data-testid="notice-list-page">
      <PortalHeader login={login} />
      <main className="xt-container xt-portal-main">
        <PortalCrumbs items={[{ title: '首页', to: '/home' }, { title: '通知公告' }]} />
        <div className="xt-page-card">
          <div className="xt-section-head">
            <h2>通知公告</h2>
          </div>
          {q.isLoading ? (
            <Skeleton active paragraph={{ rows: 10 }} />
          ) : !q.data?.models.length ? (
            <Empty description="暂无公告" />
          ) : (
            <NoticeRows items={q.data.models} listTestId="notice-list" itemTestId="notice-item" />
          )}
          <PrevNextPager page={page} pageSize={NOTICE_PAGE_SIZE} total={q.data?.totalCount ?? 0} onChange={go} />
        </div>
      </main>
      <PortalFooter />
      <BackTop />
    </div>
  );
}
