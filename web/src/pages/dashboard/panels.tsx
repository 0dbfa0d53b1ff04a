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

/**
 * `onApproach`: the panel's height before it renders (a phone's, one column) when it renders only
 * as the learner scrolls towards it (OnApproach): the course panels and messages, far below the
 * first screen, with six to eight requests and the course panels' chunk between them. The panels
 * above them render with the page (`?tab=exam` links to the study and exam panel).
 */
export const dashboardPanels: { key: string; Panel: ComponentType; onApproach?: number }[] = [
  { key: 'counts', Panel: CountCards },
  { key: 'carousel-notices', Panel: CarouselAndNotices },
  { key: 'study-exam', Panel: StudyExamPanel },
  { key: 'practice', Panel: PracticePanel },
  { key: 'record-stars-count', Panel: RecordStarsCount, onApproach: 900 },
  { key: 'showcase', Panel: ShowcasePanel, onApproach: 600 },
  { key: 'chart-ranking', Panel: ChartAndRanking, onApproach: 700 },
  { key: 'messages', Panel: MessagePanel, onApproach: 300 },
];
