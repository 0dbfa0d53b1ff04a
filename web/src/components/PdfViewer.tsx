import { Alert, Button, Space, Spin } from 'antd';
import type { PDFDocumentLoadingTask, PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';

type PdfJs = typeof import('pdfjs-dist');
let loading: Promise<PdfJs> | null = null;

/**
 * pdf.js, imported on first use only (so it is in no page's first load) with its worker as a
 * separate asset (Vite `?url`): the pages that show a pdf pay for it, no other.
 */
export function loadPdfJs(): Promise<PdfJs> {
  loading ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')])
    .then(([pdfjs, worker]) => {
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      return pdfjs;
    })
    .catch((err) => {
      loading = null;
      throw err;
    });
  return loading;
}

export const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;

/** The next zoom step up or down (1 = the page fits the width). */
export function stepZoom(zoom: number, dir: 1 | -1): number {
  if (dir > 0) return ZOOMS.find((z) => z > zoom + 1e-9) ?? ZOOMS[ZOOMS.length - 1];
  return [...ZOOMS].reverse().find((z) => z < zoom - 1e-9) ?? ZOOMS[0];
}

interface Props {
  /** the signed URL of the pdf */
  url: string;
  /** the page to open at (1-based; e.g. where the learner left off) */
  initialPage?: number;
  /** the page shown and the page count, on open and on every page change */
  onPage?: (page: number, pages: number) => void;
  /** the height of the page area (it scrolls inside when zoomed in) */
  maxHeight?: number | string;
}

/**
 * A pdf in the page, drawn by pdf.js on a canvas: page by page with previous/next, zoom steps
 * with "fit width" (the default, so a phone shows the whole page width), sharp on high-density
 * screens. The document is fetched by pdf.js from the signed URL (range requests when allowed).
 */
export function PdfViewer({ url, initialPage = 1, onPage, maxHeight = '75vh' }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState(1);
  const [width, setWidth] = useState(0);
  const [error, setError] = useState('');
  const [drawn, setDrawn] = useState(0);
  const startAt = useRef(initialPage);
  const onPageRef = useRef(onPage);
  onPageRef.current = onPage;

  // open the document
  useEffect(() => {
    let task: PDFDocumentLoadingTask | null = null;
    let gone = false;
    setDoc(null);
    setError('');
    loadPdfJs()
      .then((pdfjs) => {
        if (gone) return;
        task = pdfjs.getDocument({ url, isEvalSupported: false });
        return task.promise.then((d) => {
          if (gone) return;
          const first = Math.min(Math.max(1, Math.floor(startAt.current) || 1), d.numPages);
          setPage(first);
          setDoc(d);
        });
      })
      .catch((err: { name?: string; status?: number }) => {
        if (gone) return;
        setError(err?.status === 410 || err?.status === 403 ? '文档链接已失效，请刷新页面' : '文档加载失败');
      });
    return () => {
      gone = true;
      void task?.destroy();
    };
  }, [url]);

  // the width available (the page fits it at 100%)
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setWidth(Math.floor(el.clientWidth));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  useEffect(() => {
    if (doc) onPageRef.current?.(page, doc.numPages);
  }, [doc, page]);

  // draw the page
  useEffect(() => {
    const el = canvas.current;
    if (!doc || !el) return;
    let task: RenderTask | null = null;
    let gone = false;
    void doc
      .getPage(page)
      .then((p) => {
        if (gone) return;
        const natural = p.getViewport({ scale: 1 });
        const fit = (width > 0 ? width : natural.width) / natural.width;
        const cssScale = fit * zoom;
        const ratio = Math.min(3, typeof window !== 'undefined' ? window.devicePixelRatio || 1 : 1);
        const viewport = p.getViewport({ scale: cssScale * ratio });
        el.width = Math.floor(viewport.width);
        el.height = Math.floor(viewport.height);
        el.style.width = `${Math.floor(viewport.width / ratio)}px`;
        el.style.height = `${Math.floor(viewport.height / ratio)}px`;
        task = p.render({ canvas: el, viewport });
        return task.promise.then(() => {
          if (!gone) setDrawn((n) => n + 1);
        });
      })
      .catch((err: { name?: string }) => {
        if (!gone && err?.name !== 'RenderingCancelledException') setError('文档页面显示失败');
      });
    return () => {
      gone = true;
      task?.cancel();
    };
  }, [doc, page, zoom, width]);

  const pages = doc?.numPages ?? 0;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="pdf-viewer" data-drawn={drawn}>
      <Space wrap size={[8, 4]}>
        <Button size="small" disabled={!doc || page <= 1} onClick={() => setPage((n) => n - 1)}>
          上一页
        </Button>
        <span data-testid="pdf-page">{doc ? `第 ${page} / ${pages} 页` : '加载中…'}</span>
        <Button size="small" disabled={!doc || page >= pages} onClick={() => setPage((n) => n + 1)}>
          下一页
        </Button>
        <Button size="small" aria-label="缩小" disabled={!doc || zoom <= ZOOMS[0]} onClick={() => setZoom((z) => stepZoom(z, -1))}>
          －
        </Button>
        <span data-testid="pdf-zoom">{Math.round(zoom * 100)}%</span>
        <Button
          size="small"
          aria-label="放大"
          disabled={!doc || zoom >= ZOOMS[ZOOMS.length - 1]}
          onClick={() => setZoom((z) => stepZoom(z, 1))}
        >
          ＋
        </Button>
        <Button size="small" disabled={!doc || zoom === 1} onClick={() => setZoom(1)}>
          适合宽度
        </Button>
      </Space>
      {error && <Alert type="warning" showIcon message={error} />}
      <div ref={box} style={{ width: '100%', maxHeight, overflow: 'auto', background: '#f0f2f5', textAlign: 'center', lineHeight: 0 }}>
        {!doc && !error && <Spin style={{ display: 'block', margin: '48px auto', lineHeight: 1.5 }} />}
        <canvas ref={canvas} data-testid="pdf-canvas" style={{ display: doc ? 'inline-block' : 'none', background: '#fff' }} />
      </div>
    </Space>
  );
}
