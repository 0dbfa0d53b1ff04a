// The dashboard's panels below its first screen, in order (spec §2 "Learner dashboard and home
// panels"): drawn with antd, loaded after the first screen has painted (ADR 0050).
import { Col, Row } from 'antd';
import type { ComponentType } from 'react';
import { OnApproach } from '../../components/OnApproach';
import { CertificatePanel } from './CertificatePanel';
import { CourseSlot } from './courseSlots';
import { ShowcasePanel, StudyExamPanel } from './HomePanels';
import { MessagePanel } from './MessagePanel';
import { PracticePanel } from './PracticePanel';

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
 * above them render with this chunk, which loads as the learner nears it (dashboard/index.tsx).
 */
export const belowPanels: { key: string; Panel: ComponentType; onApproach?: number }[] = [
  { key: 'study-exam', Panel: StudyExamPanel },
  { key: 'practice', Panel: PracticePanel },
  { key: 'certificates', Panel: CertificatePanel },
  { key: 'record-stars-count', Panel: RecordStarsCount, onApproach: 900 },
  { key: 'showcase', Panel: ShowcasePanel, onApproach: 600 },
  { key: 'chart-ranking', Panel: ChartAndRanking, onApproach: 700 },
  { key: 'messages', Panel: MessagePanel, onApproach: 300 },
];

export default function BelowPanels() {
  return belowPanels.map(({ key, Panel, onApproach }, i) => (
    <div key={key} style={{ marginTop: i ? 16 : 0 }}>
      {onApproach ? (
        <OnApproach minHeight={onApproach} testId={`dashboard-waiting-${key}`}>
          <Panel />
        </OnApproach>
      ) : (
        <Panel />
      )}
    </div>
  ));
}
