import { useRef, type ReactNode } from 'react';
import { useMove, type MoveEndEvent, type MoveMoveEvent } from 'react-aria';
import { moved, resized } from './field-geometry.ts';
import { cssBox, type PageBox, type Placed } from './PdfPages.tsx';

/** Arrow keys move or resize by 1 pt, with Shift by 10 pt. */
const STEP = 1;
const BIG_STEP = 10;

export const MOVE_HINT_ID = 'esign-field-move-hint';
export const MOVE_HINT =
  'Drag to move, or drag the corner to resize. From the keyboard: arrow keys move the field (with Shift, 10 points at a time); Alt or Option with the arrow keys resizes it.';

/**
 * A placed field on a template page that staff move by dragging (pointer or touch) or with the arrow keys,
 * and resize by its corner handle or with Alt/Option and the arrow keys. Positions stay in PDF points.
 */
export function MovableField<T extends Placed>({
  field,
  page,
  scale,
  label,
  className,
  selected,
  onSelect,
  onChange,
  onDragEnd,
  children,
}: {
  field: T;
  page: PageBox;
  scale: number;
  label: string;
  className: string;
  selected: boolean;
  onSelect: () => void;
  onChange: (field: T) => void;
  /** After a pointer drag ends (the click that follows it must not place a new field). */
  onDragEnd?: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // A drag starts from the field as it was; the pointer's travel (in CSS pixels) is added up from there.
  const drag = useRef({ start: field, dx: 0, dy: 0 });
  const latest = useRef(field);
  latest.current = field;

  const begin = () => {
    drag.current = { start: latest.current, dx: 0, dy: 0 };
  };
  const follow = (event: MoveMoveEvent, resize: boolean) => {
    if (event.pointerType === 'keyboard') {
      const step = event.shiftKey ? BIG_STEP : STEP;
      const current = latest.current;
      // Screen "down" is PDF "up" the other way round: y counts from the bottom of the page.
      onChange(
        resize || event.altKey
          ? resized(current, page, event.deltaX * step, event.deltaY * step)
          : moved(current, page, event.deltaX * step, -event.deltaY * step),
      );
      return;
    }
    drag.current.dx += event.deltaX;
    drag.current.dy += event.deltaY;
    const { start, dx, dy } = drag.current;
    onChange(
      resize ? resized(start, page, dx / scale, dy / scale) : moved(start, page, dx / scale, -dy / scale),
    );
  };

  const end = (event: MoveEndEvent) => {
    if (event.pointerType !== 'keyboard') onDragEnd?.();
  };
  const { moveProps } = useMove({ onMoveStart: begin, onMove: (e) => follow(e, false), onMoveEnd: end });
  const { moveProps: handleProps } = useMove({
    onMoveStart: begin,
    onMove: (e) => follow(e, true),
    onMoveEnd: end,
  });

  return (
    <div
      ref={ref}
      {...moveProps}
      onPointerDown={(event) => {
        // The hook keeps the browser from focusing on press; the field is focused (and selected) by hand.
        ref.current?.focus();
        onSelect();
        moveProps.onPointerDown?.(event);
      }}
      onFocus={onSelect}
      tabIndex={0}
      role="button"
      aria-roledescription="movable field"
      aria-label={label}
      aria-describedby={MOVE_HINT_ID}
      className={`${className} esign-field--movable${selected ? ' esign-field--selected' : ''}`}
      style={cssBox(field, page, scale)}
      title={label}
    >
      {children}
      <span
        {...handleProps}
        onPointerDown={(event) => {
          ref.current?.focus();
          onSelect();
          handleProps.onPointerDown?.(event);
        }}
        className="esign-field__resize"
        aria-hidden="true"
        data-testid="field-resize"
      />
    </div>
  );
}
