import { render, screen } from '@testing-library/react';
import { SysRole } from '@xuetu/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../app/store/session';
import { CountCards, countCardsFor } from './CountCards';

beforeEach(() => useSession.getState().resetToken());

describe('dashboard count cards', () => {
  it('shows organisation counts to staff and personal study counts to a learner (system role 4)', () => {
    expect(countCardsFor([SysRole.CompanyAdmin]).map((c) => c.title)).toEqual(['课程总数', '课程总时长', '学员总数', '已激活学员']);
    expect(countCardsFor([SysRole.Learner]).map((c) => c.title)).toEqual(['课程总数', '课程总时长', '累计学习课程', '累计学习时长']);
  });

  it('shows — for a value that is not available, and a value with its unit', () => {
    useSession.setState({ sysRoles: [SysRole.Learner] });
    render(
      <CountCards
        cards={[
          { key: 'a', title: '课程总数', icon: null, suffix: '门' },
          { key: 'b', title: '学员总数', icon: null, value: 12, suffix: '人' },
        ]}
      />,
    );
    expect(screen.getByTestId('count-card-a')).toHaveTextContent('—');
    expect(screen.getByTestId('count-card-b')).toHaveTextContent('12人');
  });
});
