import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { UnknownPath } from './router';

function Here() {
  return <div data-testid="at">{useLocation().pathname}</div>;
}
const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/401" element={<Here />} />
        <Route path="/404" element={<Here />} />
        <Route path="*" element={<UnknownPath />} />
      </Routes>
    </MemoryRouter>,
  );

describe('a path the user has no route for', () => {
  it('is the permission-denied page when it is a product page outside their menu (a learner typing an admin URL)', async () => {
    at('/ydUser/index');
    expect((await screen.findByTestId('at')).textContent).toBe('/401');
  });
  it('matches admin URLs without regard to case or a trailing slash', async () => {
    at('/yduser/org/');
    expect((await screen.findByTestId('at')).textContent).toBe('/401');
  });
  it('is 404 when no such page exists', async () => {
    at('/no/such/page');
    expect((await screen.findByTestId('at')).textContent).toBe('/404');
  });
});
