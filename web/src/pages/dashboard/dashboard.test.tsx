import { render, screen } from '@testing-library/react';
import { SysRole } from '@xuetu/contract';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../app/store/session';
import { CountCards, countCardsFor } from './CountCards';
import { CoursePanel, StudyExamPanel } from './HomePanels';

beforeEach(() => useSession.getState().resetToken());

describe('dashboard count cards', () => {
  it('shows organisation counts to staff and personal study counts to a learner (system role 4)', () => {
    expect(countCardsFor([SysRole.CompanyAdmin]).map((c) => c.title)).toEqual(['课程总数', '课程总时长', '学员总数', '已激活学员']);
    expect(countCardsFor([SysRole.Learner]).map((c) => c.title)).toEqual(['课程总数', '课程总时长', '累计学习课程', '累计学习时长']);
  });

  it('says 建设中 for a value that is not available yet, and shows a value with its unit', () => {
    useSession.setState({ sysRoles: [SysRole.Learner] });
    render(
      <CountCards
        cards={[
          { key: 'a', title: '课程总数', icon: null, suffix: '门' },
          { key: 'b', title: '学员总数', icon: null, value: 12, suffix: '人' },
        ]}
      />,
    );
    expect(screen.getByTestId('count-card-a')).toHaveTextContent('建设中');
    expect(screen.getByTestId('count-card-b')).toHaveTextContent('12人');
  });
});

describe('panels of later areas', () => {
  it('show a clear 建设中 state, not an empty list', () => {
    // the exam tab reads ?tab=exam and may redirect to the must-complete exam: it needs a router
    render(
      <MemoryRouter>
        <StudyExamPanel />
        <CoursePanel title="学习记录" what="学习日历" testId="cal" />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('my-study-coming-soon')).toHaveTextContent('建设中');
    expect(screen.getByTestId('cal-coming-soon')).toHaveTextContent('学习日历即将上线');
  });
});
