import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WATERMARK_LAYERS, WATERMARK_MOVE_MS, Watermark, watermarkTime } from './Watermark';

// The study page's dynamic watermark (issue 44 item 3, ADR 0058): several layers, the viewer's
// mark and the time, moving now and then, drawn again when one is removed or altered.
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

const layers = () => screen.queryAllByTestId('watermark-layer');

describe('Watermark', () => {
  it('draws nothing without a text', () => {
    render(
      <Watermark text="">
        <video data-testid="v" />
      </Watermark>,
    );
    expect(screen.getByTestId('v')).toBeTruthy();
    expect(layers()).toHaveLength(0);
  });

  it('draws several semi-transparent layers with the name, the digits and the time, hidden from screen readers', () => {
    render(
      <Watermark text="张三 0001">
        <video data-testid="v" />
      </Watermark>,
    );
    expect(layers()).toHaveLength(WATERMARK_LAYERS);
    const time = watermarkTime(new Date());
    const moving = layers().filter((l) => l.textContent);
    expect(moving.length).toBe(WATERMARK_LAYERS - 1);
    for (const l of moving) {
      expect(l.textContent).toBe(`张三 0001 ${time}`);
      expect(l.getAttribute('style')).toMatch(/opacity:\s*0\.38/);
    }
    // the tiled layer carries the same text in its image
    const tiled = layers().find((l) => !l.textContent) as HTMLElement;
    expect(decodeURIComponent(tiled.getAttribute('style') ?? '')).toContain('张三 0001');
    for (const l of layers()) {
      expect(l.getAttribute('aria-hidden')).toBe('true');
      expect(l.getAttribute('style')).toContain('pointer-events:none');
    }
  });

  it('survives deleting a layer, all of them, or hiding one by its style', async () => {
    render(
      <Watermark text="李四 1234">
        <video />
      </Watermark>,
    );
    layers()[1].remove();
    await waitFor(() => expect(layers()).toHaveLength(WATERMARK_LAYERS));
    for (const l of layers()) l.remove();
    await waitFor(() => expect(layers()).toHaveLength(WATERMARK_LAYERS));
    const victim = layers()[2];
    victim.setAttribute('style', 'display:none');
    await waitFor(() => expect(layers().every((l) => !(l.getAttribute('style') ?? '').includes('display:none'))).toBe(true));
    expect(layers()).toHaveLength(WATERMARK_LAYERS);
    expect(layers().filter((l) => l.textContent === '').length).toBe(1);
  });

  it('moves the marks and redraws the time every interval; stops when unmounted', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-04-06T09:15:00'));
    const random = vi.spyOn(Math, 'random').mockReturnValue(0);
    const view = render(
      <Watermark text="王五 A001">
        <video />
      </Watermark>,
    );
    const place = () =>
      layers()
        .filter((l) => l.textContent)
        .map((l) => l.getAttribute('style'));
    const before = place();
    expect(layers()[1].textContent).toBe('王五 A001 2026-04-06 09:15');
    random.mockReturnValue(0.9);
    await act(async () => {
      vi.advanceTimersByTime(WATERMARK_MOVE_MS);
    });
    expect(place()).not.toEqual(before);
    expect(layers()[1].textContent).toBe('王五 A001 2026-04-06 09:15');
    vi.setSystemTime(new Date('2026-04-06T09:16:00'));
    await act(async () => {
      vi.advanceTimersByTime(WATERMARK_MOVE_MS);
    });
    expect(layers()[1].textContent).toBe('王五 A001 2026-04-06 09:16');
    view.unmount();
    expect(layers()).toHaveLength(0);
  });
});
