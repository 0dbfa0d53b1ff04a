import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import AuthRedirect, { OAUTH_STORAGE_KEY } from './AuthRedirect';

describe('/auth-redirect', () => {
  it('stores the query string under admin-oauth-code and closes the window', () => {
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={['/auth-redirect?code=abc&state=1']}>
        <AuthRedirect />
      </MemoryRouter>,
    );
    expect(localStorage.getItem(OAUTH_STORAGE_KEY)).toBe('?code=abc&state=1');
    expect(close).toHaveBeenCalled();
  });
});
