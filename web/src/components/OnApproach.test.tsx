import { act, render, screen } from '@testing-library/react';
import { mockAllIsIntersecting, resetIntersectionMocking, setupIntersectionMocking } from 'react-intersection-observer/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OnApproach } from './OnApproach';

describe('<OnApproach>', () => {
  afterEach(() => {
    resetIntersectionMocking();
    vi.unstubAllGlobals();
  });

  it('keeps an empty block of the given height until its place nears the screen, then renders and keeps the part', () => {
    setupIntersectionMocking(vi.fn);
    render(
      <OnApproach minHeight={320} testId="waiting">
        <p>下方面板</p>
      </OnApproach>,
    );
    const block = screen.getByTestId('waiting');
    expect(block).toHaveAttribute('data-lazy', 'pending');
    expect(block).toHaveStyle({ minHeight: '320px' });
    expect(screen.queryByText('下方面板')).toBeNull();

    act(() => mockAllIsIntersecting(true));
    expect(screen.getByText('下方面板')).toBeInTheDocument();
    expect(screen.queryByTestId('waiting')).toBeNull();

    // scrolled away again: what rendered stays
    act(() => mockAllIsIntersecting(false));
    expect(screen.getByText('下方面板')).toBeInTheDocument();
  });

  it('renders at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <OnApproach minHeight={320} testId="waiting">
        <p>下方面板</p>
      </OnApproach>,
    );
    expect(screen.getByText('下方面板')).toBeInTheDocument();
    expect(screen.queryByTestId('waiting')).toBeNull();
  });
});
