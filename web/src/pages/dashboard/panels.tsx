// Panels shown under the welcome card, in order (spec §2 "Learner dashboard and home panels").
import { Col, Row } from 'antd';
import type { ComponentType } from 'react';
import { CountCards } from './CountCards';
import { CarouselPanel, CoursePanel, NoticePanel, ShowcasePanel, StudyExamPanel } from './HomePanels';
import { MessagePanel } from './MessagePanel';

function CarouselAndNotices() {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={14}>
        <CarouselPanel />
      </Col>
      <Col xs={24} lg={10}>
        <NoticePanel />
      </Col>
    </Row>
  );
}

function RecordStarsCount() {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8}>
        <CoursePanel title="学习记录" what="学习日历" testId="dashboard-calendar" />
      </Col>
      <Col xs={24} lg={8}>
        <CoursePanel title="学习之星" what="学习之星排行" testId="dashboard-stars" />
      </Col>
      <Col xs={24} lg={8}>
        <CoursePanel title="培训统计" what="培训次数统计" testId="dashboard-training-count" />
      </Col>
    </Row>
  );
}

export const dashboardPanels: { key: string; Panel: ComponentType }[] = [
  { key: 'counts', Panel: CountCards },
  { key: 'carousel-notices', Panel: CarouselAndNotices },
  { key: 'study-exam', Panel: StudyExamPanel },
  { key: 'record-stars-count', Panel: RecordStarsCount },
  { key: 'showcase', Panel: ShowcasePanel },
  { key: 'messages', Panel: MessagePanel },
];
