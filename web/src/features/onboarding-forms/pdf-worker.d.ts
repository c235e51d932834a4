// Vite answers the worker's built address for `?url` imports.
declare module 'pdfjs-dist/build/pdf.worker.min.mjs?url' {
  const url: string;
  export default url;
}
