// icons by their own modules: a lean page's static imports go to the lean chunk, a package's
// index would leave them wherever the portal's copies are (web/build/boot-chunk.ts leanChunk)
import EyeOutlined from '@ant-design/icons/es/icons/EyeOutlined';
import FileTextOutlined from '@ant-design/icons/es/icons/FileTextOutlined';
import PlayCircleOutlined from '@ant-design/icons/es/icons/PlayCircleOutlined';
import SearchOutlined from '@ant-design/icons/es/icons/SearchOutlined';
import SoundOutlined from '@ant-design/icons/es/icons/SoundOutlined';
import { type CourseCard, resDirApi, studyApi } from '@xuetu/contract';
import { Link, useSearchParams } from 'react-router';
import { useCall } from '../../../api/hooks';
import { LeanCard, LeanEmpty, LeanProgress } from '../../../components/LeanCard';
import { LeanPager } from '../../../components/LeanPager';
import { LightTabs } from '../../../components/LightTabs';
import { PageLoading } from '../../../components/PageLoading';
import { useAfterFirstPaint } from '../../../components/useAfterFirstPaint';
import { catalogueQuery, dirTabs } from './catalogue';
import './catalogue.css';

/** cards per page (api/prefetch.ts asks for the first page with it) */
export const PAGE_SIZE = 12;
/** cards rendered with the page's first screen (a desktop's first row); the others a painted frame later */
const FIRST_CARDS = 4;

/**
 * /trainres/index (query dcode, dno): directory tabs, search, course cards with my progress, paging.
 * Drawn without antd (ADR 0050): a phone paints it before antd has loaded.
 */
export default function CataloguePage() {
  const [params, setParams] = useSearchParams();
  const q = catalogueQuery(params);
  const dirs = useCall(resDirApi.getIndexResDirList, {}, { staleTime: 60_000, config: { silent: true } });
  const tabs = dirTabs(dirs.data ?? [], q);
  const page = useCall(studyApi.showCompanyTrainRes, {
    dcode: q.dcode,
    dno: q.dno,
    keyword: q.keyword,
    pageIndex: q.page,
    pageSize: PAGE_SIZE,
  });
  // the cards below the first screen render after it, in a transition (issue 23 item 11)
  const allCards = useAfterFirstPaint(Boolean(page.data));
  const go = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next);
  };

  return (
    <LeanCard bodyStyle={{ paddingTop: 8 }}>
      <div className="xt-catalogue">
        <LightTabs
          label="课程目录"
          activeKey={tabs.active}
          onChange={(k) => {
            const t = tabs.items.find((i) => i.key === k);
            go({ dcode: t?.dCode ?? '', dno: t?.dNo ?? '', page: '' });
          }}
          items={tabs.items.map((t) => ({ key: t.key, label: t.label }))}
        />
        <form
          role="search"
          className="xt-lean-search"
          onSubmit={(e) => {
            e.preventDefault();
            const v = new FormData(e.currentTarget).get('keyword');
            go({ keyword: String(v ?? '').trim(), page: '' });
          }}
        >
          <input
            type="search"
            name="keyword"
            placeholder="搜索课程名称"
            defaultValue={q.keyword}
            aria-label="搜索课程"
            // the field's own clear button (or emptying it) shows every course again
            onChange={(e) => {
              if (!e.target.value && q.keyword) go({ keyword: '', page: '' });
            }}
          />
          <button type="submit" aria-label="搜索">
            <SearchOutlined />
          </button>
        </form>
        {page.isLoading ? (
          <PageLoading />
        ) : !page.data?.models.length ? (
          <LeanEmpty description={q.keyword ? '没有找到相关课程' : '暂无课程'} />
        ) : (
          <ul className="xt-course-grid">
            {(allCards ? page.data.models : page.data.models.slice(0, FIRST_CARDS)).map((c) => (
              <li key={c.resCode}>
                <CourseCardView card={c} />
              </li>
            ))}
          </ul>
        )}
        {allCards && (page.data?.totalCount ?? 0) > PAGE_SIZE && (
          <LeanPager
            current={q.page}
            pageSize={PAGE_SIZE}
            total={page.data?.totalCount ?? 0}
            onChange={(p) => go({ page: String(p) })}
            testId="catalogue-pager"
          />
        )}
      </div>
    </LeanCard>
  );
}

const TYPE_ICON: Record<number, React.ReactNode> = {
  1: <PlayCircleOutlined />,
  2: <SoundOutlined />,
  4: <FileTextOutlined />,
};

/** A course: its cover (or its kind's icon), name, introduction, views, hours and my progress; opens its study page. */
function CourseCardView({ card }: { card: CourseCard }) {
  return (
    <Link to={`/trainres/study?id=${encodeURIComponent(card.resCode)}`} className="xt-course-card" data-testid="course-card">
      {card.cover ? (
        <img alt={card.resName} src={card.cover} className="xt-course-card-cover" />
      ) : (
        <div className="xt-course-card-cover is-icon" aria-hidden>
          {TYPE_ICON[card.resType] ?? <PlayCircleOutlined />}
        </div>
      )}
      <div className="xt-course-card-body">
        {/* the browser's own ellipsis (and the full name as a title) */}
        <strong className="xt-course-card-name" title={card.resName}>
          {card.resName}
        </strong>
        <p className="xt-course-card-intro">{card.introduce || '暂无简介'}</p>
        <div className="xt-course-card-meta">
          <span>
            <EyeOutlined aria-label="浏览" /> {card.viewCnt}
          </span>
          <span>学时 {card.creditHours}</span>
          {card.completed ? <span className="xt-lean-tag is-success">已完成</span> : null}
        </div>
        <div className="xt-course-card-progress">
          <LeanProgress label="我的进度" percent={card.progress} style={{ width: 120 }} />
          <span data-testid="card-progress">已学 {card.progress}%</span>
        </div>
      </div>
    </Link>
  );
}
