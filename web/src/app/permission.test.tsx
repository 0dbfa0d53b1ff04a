import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Can, useCan } from '../components/Can';
import { hasAction, hasAnyRole } from './permission';
import { useSession } from './store/session';

describe('hasAction', () => {
  it('is true only when the action list holds the value', () => {
    expect(hasAction(['User.AddUser', 'role.add'], 'User.AddUser')).toBe(true);
    expect(hasAction(['User.AddUser'], 'role.add')).toBe(false);
    expect(hasAction([], 'role.add')).toBe(false);
    expect(hasAction(undefined, 'role.add')).toBe(false);
  });

  it('throws for an absent action name', () => {
    expect(() => hasAction(['a'], '')).toThrow(Error);
    expect(() => hasAction(['a'], undefined as unknown as string)).toThrow(Error);
  });
});

describe('hasAnyRole', () => {
  it('is true when any user role is listed', () => {
    expect(hasAnyRole(['admin', 'learner'], ['admin'])).toBe(true);
    expect(hasAnyRole(['learner'], ['admin', 'editor'])).toBe(false);
  });

  it('is false for an empty or non-list input', () => {
    expect(hasAnyRole(['admin'], [])).toBe(false);
    expect(hasAnyRole(['admin'], 'admin')).toBe(false);
    expect(hasAnyRole(['admin'], null)).toBe(false);
    expect(hasAnyRole(['admin'], { 0: 'admin' })).toBe(false);
    expect(hasAnyRole(undefined, ['admin'])).toBe(false);
  });
});

let can!: (a: string) => boolean;
function Probe() {
  can = useCan();
  return null;
}

describe('<Can> and useCan', () => {
  beforeEach(() => useSession.setState({ actions: ['User.AddUser'] }));

  it('removes the element unless the session holds the action', () => {
    render(
      <>
        <Can action="User.AddUser">
          <button type="button">新增学员</button>
        </Can>
        <Can action="User.ExportInUser">
          <button type="button">导出</button>
        </Can>
      </>,
    );
    expect(screen.getByRole('button', { name: '新增学员' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '导出' })).not.toBeInTheDocument();
  });

  it('useCan answers per action and throws without a name', () => {
    render(<Probe />);
    expect(can('User.AddUser')).toBe(true);
    expect(can('role.edit')).toBe(false);
    expect(() => can('')).toThrow();
  });
});
