import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BackTop } from './BackTop';

const scrollTo = (y: number) => Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
afterEach(() => scrollTo(0));

describe('BackTop', () => {
  it('appears after 400 px of scrolling and goes at the top', async () => {
    render(<BackTop />);
    expect(screen.queryByTestId('back-top')).toBeNull();
    scrollTo(401);
    act(() => {
      fireEvent.scroll(window);
    });
    expect(screen.getByTestId('back-top')).toHaveAccessibleName('返回顶部');
    scrollTo(0);
    act(() => {
      fireEvent.scroll(window);
    });
    expect(screen.queryByTestId('back-top')).toBeNull();
  });

  it('shows at once (the next frame) on a page mounted already scrolled', async () => {
    scrollTo(800);
    render(<BackTop />);
    await waitFor(() => expect(screen.getByTestId('back-top')).toBeInTheDocument());
  });
});
