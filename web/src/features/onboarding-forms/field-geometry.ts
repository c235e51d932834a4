/** A field's box on its page, in PDF points from the bottom-left corner; a page's size in points. */
type Box = { x: number; y: number; width: number; height: number };
type PageBox = { width: number; height: number };

/** The smallest a field may be made, in PDF points. */
const MIN_SIZE = 8;
const clamp = (value: number, low: number, high: number) =>
  Math.min(Math.max(value, low), Math.max(low, high));

/** The field moved by (dx, dy) points (y up), kept on the page. */
export function moved<T extends Box>(field: T, page: PageBox, dx: number, dy: number): T {
  return {
    ...field,
    x: Math.round(clamp(field.x + dx, 0, page.width - field.width)),
    y: Math.round(clamp(field.y + dy, 0, page.height - field.height)),
  };
}

/** The field resized by (dw, dh) points with its top-left corner kept still, kept on the page. */
export function resized<T extends Box>(field: T, page: PageBox, dw: number, dh: number): T {
  const top = field.y + field.height;
  const width = Math.round(clamp(field.width + dw, MIN_SIZE, page.width - field.x));
  const height = Math.round(clamp(field.height + dh, MIN_SIZE, top));
  return { ...field, width, height, y: top - height };
}
