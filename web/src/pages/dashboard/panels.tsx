// Panels shown under the welcome card, in order (spec §2 "Learner dashboard and home panels").
import { Col, Row } from 'antd';
import type { ComponentType } from 'react';
import { CountCards } from './CountCards';
import { CourseSlot } from './courseSlots';
import { CarouselPanel, NoticePanel, ShowcasePanel, StudyExamPanel } from './HomePanels';
import { MessagePanel } from './MessagePanel';
import { PracticePanel } from './PracticePanel';

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
        <CourseSlot name="calendar" />
      </Col>
      <Col xs={24} lg={8}>
        <CourseSlot name="stars" />
      </Col>
      <Col xs={24} lg={8}>
        <CourseSlot name="count" />
      </Col>
    </Row>
  );
}

function ChartAndRanking() {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={16}>
        <CourseSlot name="chart" />
      </Col>
      <Col xs={24} lg={8}>
        <CourseSlot name="ranking" />
      </Col>
    </Row>
  );
}

export const dashboardPanels: { key: string; Panel: ComponentType }[] = [
  { key: 'counts', Panel: CountCards },
  { key: 'carousel-notices', Panel: CarouselAndNotices },
  { key: 'study-exam', Panel: StudyExamPanel },
  { key: 'practice', Panel: PracticePanel },
  { key: 'record-stars-count', Panel: RecordStarsCount },
  { key: 'showcase', Panel: ShowcasePanel },
  { key: 'chart-ranking', Panel: ChartAndRanking },
  { key: 'messages', Panel: MessagePanel },
];
