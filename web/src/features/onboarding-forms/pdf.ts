import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { fetchBytes } from '../../api/download.ts';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Loads a PDF with pdf.js from a same-origin address (the session's cookies go with it). */
export async function loadPdf(url: string): Promise<PDFDocumentProxy> {
  const data = await fetchBytes(url);
  return getDocument({ data, isEvalSupported: false }).promise;
}

/**
 * Draws one page (1-based) into the canvas at `scale` CSS pixels per PDF point; `cancel` stops a drawing
 * still under way (a canvas takes one drawing at a time).
 */
export function renderPage(
  pdf: PDFDocumentProxy,
  pageNumber: number,
  canvas: HTMLCanvasElement,
  scale: number,
): { done: Promise<void>; cancel: () => void } {
  let cancelled = false;
  let cancelTask: (() => void) | null = null;
  const done = pdf.getPage(pageNumber).then(async (page) => {
    if (cancelled) throw new Error('cancelled');
    const ratio = window.devicePixelRatio || 1;
    const viewport = page.getViewport({ scale: scale * ratio });
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
    canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
    const task = page.render({ canvas, viewport });
    cancelTask = () => task.cancel();
    await task.promise;
  });
  return {
    done,
    cancel: () => {
      cancelled = true;
      cancelTask?.();
    },
  };
}
