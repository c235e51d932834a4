import { useEffect, useLayoutEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { loadPdf, renderPage } from './pdf.ts';

export type PageBox = { width: number; height: number };
/** Where a field sits on its page, in PDF points from the bottom-left corner. */
export type Placed = { page: number; x: number; y: number; width: number; height: number };

/** A field's box in CSS pixels from the page's top-left corner. */
export const cssBox = (field: Placed, page: PageBox, scale: number) => ({
  left: field.x * scale,
  top: (page.height - field.y - field.height) * scale,
  width: field.width * scale,
  height: field.height * scale,
});

/** The width pages are drawn at: the container's, at most 820 px (phones get the whole width). */
function useScale(pages: readonly PageBox[]) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(Math.min(820, element.getBoundingClientRect().width));
    const observer = new ResizeObserver(([entry]) => setWidth(Math.min(820, entry!.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const widest = Math.max(1, ...pages.map((p) => p.width));
  return { ref, scale: Math.max(width, 1) / widest };
}

/**
 * The document's pages drawn with pdf.js, each with its overlay (the fields) on top. `onPageClick` gets
 * the point clicked in PDF points (staff place fields this way; the keyboard has the field list).
 */
export function PdfPages({
  url,
  pages,
  overlay,
  onPageClick,
  label,
}: {
  url: string;
  pages: readonly PageBox[];
  overlay: (page: number, scale: number) => ReactNode;
  onPageClick?: (page: number, point: { x: number; y: number }) => void;
  label: string;
}) {
  const { ref, scale } = useScale(pages);
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    loadPdf(url).then(
      (loaded) => isCurrent && setPdf(loaded),
      (caught: unknown) => isCurrent && setError(caught instanceof Error ? caught.message : String(caught)),
    );
    return () => {
      isCurrent = false;
    };
  }, [url]);

  const click = (page: number) => (event: MouseEvent<HTMLDivElement>) => {
    if (!onPageClick || event.target !== event.currentTarget) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const box = pages[page - 1]!;
    onPageClick(page, {
      x: (event.clientX - rect.left) / scale,
      y: box.height - (event.clientY - rect.top) / scale,
    });
  };

  return (
    <div className="esign-pages" ref={ref} aria-label={label} role="region">
      {error && <p role="alert">{error}</p>}
      {pages.map((box, i) => (
        <div
          key={i}
          className="esign-page"
          style={{ width: box.width * scale, height: box.height * scale }}
          data-testid={`pdf-page-${i + 1}`}
        >
          <PageCanvas pdf={pdf} page={i + 1} scale={scale} />
          {/* A pointer places a field by clicking the page; the keyboard places them from the field list,
              so this layer has no role of its own (its fields keep theirs). */}
          <div className="esign-page__overlay" role="presentation" onClick={click(i + 1)}>
            {overlay(i + 1, scale)}
          </div>
        </div>
      ))}
    </div>
  );
}

function PageCanvas({ pdf, page, scale }: { pdf: PDFDocumentProxy | null; page: number; scale: number }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const [drawnAt, setDrawnAt] = useState<number | null>(null);
  useEffect(() => {
    // Nothing to draw before the document loads and the container has been measured.
    if (!pdf || !ref.current || scale < 0.05) return;
    const drawing = renderPage(pdf, page, ref.current, scale);
    drawing.done.then(
      () => setDrawnAt(scale),
      () => undefined,
    );
    return drawing.cancel;
  }, [pdf, page, scale]);
  return (
    <canvas
      ref={ref}
      className="esign-page__canvas"
      aria-hidden="true"
      data-rendered={drawnAt === scale ? 'yes' : 'no'}
    />
  );
}
