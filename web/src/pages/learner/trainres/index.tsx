import { EyeOutlined, FileTextOutlined, PlayCircleOutlined, SoundOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { CourseCard } from '@xuetu/contract';
import { Card, Col, Empty, Input, Pagination, Progress, Row, Space, Spin, Tag, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { getIndexResDirList } from '../../../api/portal';
import { getCatalogue } from '../../../api/study';
import { studyKeys } from '../../../api/study.keys';
import { LightTabs } from '../../../components/LightTabs';
import { useAfterFirstPaint } from '../../../components/useAfterFirstPaint';
import { catalogueQuery, dirTabs } from './catalogue';

/** cards per page (api/prefetch.ts asks for the first page with it) */
export const PAGE_SIZE = 12;
/** cards rendered with the page's first screen (a desktop's first row); the others a painted frame later */
const FIRST_CARDS = 4;

/** /trainres/index (query dcode, dno): directory tabs, search, course cards with my progress, paging. */
export default function CataloguePage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const q = catalogueQuery(params);
  const dirs = useQuery({ queryKey: studyKeys.dirs, queryFn: getIndexResDirList, staleTime: 60_000 });
  const tabs = dirTabs(dirs.data ?? [], q);
  const page = useQuery({
    queryKey: studyKeys.catalogue(q),
    queryFn: () => getCatalogue({ dcode: q.dcode, dno: q.dno, keyword: q.keyword, pageIndex: q.page, pageSize: PAGE_SIZE }),
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
    <Card styles={{ body: { paddingTop: 8 } }}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <LightTabs
          label="课程目录"
          activeKey={tabs.active}
          onChange={(k) => {
            const t = tabs.items.find((i) => i.key === k);
            go({ dcode: t?.dCode ?? '', dno: t?.dNo ?? '', page: '' });
          }}
          items={tabs.items.map((t) => ({ key: t.key, label: t.label }))}
        />
        <Input.Search
          allowClear
          placeholder="搜索课程名称"
          defaultValue={q.keyword}
          onSearch={(v) => go({ keyword: v.trim(), page: '' })}
          style={{ maxWidth: 360 }}
          aria-label="搜索课程"
        />
        {page.isLoading ? (
          <Spin style={{ display: 'block', margin: '48px auto' }} />
        ) : !page.data?.models.length ? (
          <Empty description={q.keyword ? '没有找到相关课程' : '暂无课程'} />
        ) : (
          <Row gutter={[16, 16]}>
            {(allCards ? page.data.models : page.data.models.slice(0, FIRST_CARDS)).map((c) => (
              <Col key={c.resCode} xs={24} sm={12} md={8} xl={6}>
                <CourseCardView card={c} onOpen={() => navigate(`/trainres/study?id=${encodeURIComponent(c.resCode)}`)} />
              </Col>
            ))}
          </Row>
        )}
        {allCards && (page.data?.totalCount ?? 0) > PAGE_SIZE && (
          <Pagination
            align="center"
            current={q.page}
            pageSize={PAGE_SIZE}
            total={page.data?.totalCount ?? 0}
            showSizeChanger={false}
            onChange={(p) => go({ page: String(p) })}
          />
        )}
      </Space>
    </Card>
  );
}

const TYPE_ICON: Record<number, React.ReactNode> = {
  1: <PlayCircleOutlined />,
  2: <SoundOutlined />,
  4: <FileTextOutlined />,
};

const ONE_LINE: CSSProperties = { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' };
const TWO_LINES: CSSProperties = {
  minHeight: 44,
  marginBottom: 8,
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
};

function CourseCardView({ card, onOpen }: { card: CourseCard; onOpen: () => void }) {
  return (
    <Card
      hoverable
      onClick={onOpen}
      data-testid="course-card"
      styles={{ body: { padding: 12 } }}
      cover={
        card.cover ? (
          <img alt={card.resName} src={card.cover} style={{ height: 140, objectFit: 'cover' }} />
        ) : (
          <div
            style={{
              height: 140,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              fontSize: 40,
              color: '#fff',
              background: 'linear-gradient(135deg, #1677ff, #69b1ff)',
            }}
          >
            {TYPE_ICON[card.resType] ?? <PlayCircleOutlined />}
          </div>
        )
      }
    >
      {/* the browser's own ellipsis (and the full name as a title): antd's measured ellipsis and its
          tooltip on every card were the catalogue's longest task on a phone (issue 23 item 11) */}
      <Typography.Text strong title={card.resName} style={ONE_LINE}>
        {card.resName}
      </Typography.Text>
      <Typography.Paragraph type="secondary" style={TWO_LINES}>
        {card.introduce || '暂无简介'}
      </Typography.Paragraph>
      <Space size={12} style={{ color: 'var(--xt-text-tertiary)', fontSize: 12 }}>
        <span>
          <EyeOutlined /> {card.viewCnt}
        </span>
        <span>学时 {card.creditHours}</span>
        {card.completed ? <Tag color="success">已完成</Tag> : null}
      </Space>
      <Space size={8} style={{ width: '100%' }}>
        <Progress percent={card.progress} size="small" showInfo={false} style={{ width: 120, margin: 0 }} aria-label="我的进度" />
        <span style={{ fontSize: 12, color: '#666' }} data-testid="card-progress">
          已学 {card.progress}%
        </span>
      </Space>
    </Card>
  );
}
