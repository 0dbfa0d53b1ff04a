import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AntAppScope } from '../app/AntAppScope';
import StudyDocument from '../pages/learner/study/StudyDocument';
import { playList } from '../test/fixtures';
import { mockApi, ok } from '../test/mockApi';
import { PdfViewer, stepZoom } from './PdfViewer';

// pdf.js itself (a third-party library drawing on a canvas jsdom lacks) is replaced by a fake
// document of three 600×800 pages that records what it was asked to draw.
const drawn: { page: number; width: number; height: number }[] = [];
const opened: { url: string; isEvalSupported?: boolean }[] = [];
const pdfjs = vi.hoisted(() => ({ GlobalWorkerOptions: { workerSrc: '' }, getDocument: vi.fn() }));
vi.mock('pdfjs-dist', () => pdfjs);
vi.mock('pdfjs-dist/build/pdf.worker.min.mjs?url', () => ({ default: '/assets/pdf.worker-abc.mjs' }));

beforeEach(() => {
  drawn.length = 0;
  opened.length = 0;
  pdfjs.getDocument.mockImplementation((params: { url: string; isEvalSupported?: boolean }) => {
    opened.push(params);
    const doc = {
      numPages: 3,
      getPage: async (n: number) => ({
        getViewport: ({ scale }: { scale: number }) => ({ width: 600 * scale, height: 800 * scale }),
        render: ({ viewport }: { viewport: { width: number; height: number } }) => {
          drawn.push({ page: n, width: viewport.width, height: viewport.height });
          return { promise: Promise.resolve(), cancel: () => {} };
        },
      }),
    };
    return { promise: Promise.resolve(doc), destroy: async () => {} };
  });
});
afterEach(() => {
  document.body.innerHTML = '';
});

const last = () => drawn[drawn.length - 1];

describe('PdfViewer', () => {
  it('opens the signed URL with the worker as its own asset, pages through and zooms', async () => {
    const pages: number[] = [];
    render(
      <AntAppScope>
        <PdfViewer url="/prod-api/media/play/M1/OD/source.pdf?t=x" onPage={(p) => pages.push(p)} />
      </AntAppScope>,
    );
    expect(await screen.findByText('第 1 / 3 页')).toBeTruthy();
    expect(opened[0]).toMatchObject({ url: '/prod-api/media/play/M1/OD/source.pdf?t=x', isEvalSupported: false });
    expect(pdfjs.GlobalWorkerOptions.workerSrc).toBe('/assets/pdf.worker-abc.mjs');
    await waitFor(() => expect(last()?.page).toBe(1));
    expect(screen.getByRole('button', { name: '上一页' })).toBeDisabled();
    const base = last().width;

    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(await screen.findByText('第 3 / 3 页')).toBeTruthy();
    await waitFor(() => expect(last().page).toBe(3));
    expect(screen.getByRole('button', { name: '下一页' })).toBeDisabled();
    expect(pages).toEqual([1, 2, 3]);

    fireEvent.click(screen.getByRole('button', { name: '放大' }));
    expect(screen.getByTestId('pdf-zoom').textContent).toBe('125%');
    await waitFor(() => expect(last().width).toBeCloseTo(base * 1.25));
    fireEvent.click(screen.getByRole('button', { name: '适合宽度' }));
    await waitFor(() => expect(last().width).toBeCloseTo(base));
    expect(screen.getByTestId('pdf-zoom').textContent).toBe('100%');
  });

  it('opens at the page asked for and says so when the document cannot be loaded', async () => {
    render(
      <AntAppScope>
        <PdfViewer url="/a.pdf" initialPage={9} />
      </AntAppScope>,
    );
    expect(await screen.findByText('第 3 / 3 页')).toBeTruthy();
    document.body.innerHTML = '';
    pdfjs.getDocument.mockImplementation(() => ({
      promise: Promise.reject({ name: 'ResponseException', status: 410 }),
      destroy: async () => {},
    }));
    render(
      <AntAppScope>
        <PdfViewer url="/b.pdf" />
      </AntAppScope>,
    );
    expect(await screen.findByText('文档链接已失效，请刷新页面')).toBeTruthy();
  });

  it('zoom steps stay within their range', () => {
    expect(stepZoom(1, 1)).toBe(1.25);
    expect(stepZoom(1, -1)).toBe(0.75);
    expect(stepZoom(3, 1)).toBe(3);
    expect(stepZoom(0.5, -1)).toBe(0.5);
  });
});

describe('StudyDocument', () => {
  const data = playList({
    playList: [{ item1: 'OD', item2: '/prod-api/media/play/M1/OD/source.pdf?t=x' }],
    attExt: '.pdf',
    resType: 3,
    resName: '手册',
    duration: 60,
  });

  it('reading sends the study heartbeats with the page as the position; hiding the page closes the stretch', async () => {
    const api = mockApi();
    const beats: { rescode: string; guid: string; speed: number; position: number }[] = [];
    api.on('/Api/Train_Manage/Train_Res/Study', (_c: unknown, body: (typeof beats)[number]) => {
      beats.push(body);
      return ok({
        accepted: true,
        opened: beats.length === 1,
        takenOver: false,
        credited: 0,
        studySeconds: 0,
        duration: 60,
        progress: 0,
        completed: 0,
      });
    });
    render(
      <AntAppScope>
        <StudyDocument rescode="R1" data={data} intervalSeconds={15} resumeAt={2} onBeat={() => {}} />
      </AntAppScope>,
    );
    expect(await screen.findByText('第 2 / 3 页')).toBeTruthy();
    await waitFor(() => expect(beats).toHaveLength(1));
    expect(beats[0]).toMatchObject({ rescode: 'R1', speed: 1 });
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(await screen.findByText('第 3 / 3 页')).toBeTruthy();
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(beats).toHaveLength(2));
    expect(beats[1]).toMatchObject({ rescode: 'R1', guid: beats[0].guid, position: 3 });
    visibility.mockRestore();
  });
});
