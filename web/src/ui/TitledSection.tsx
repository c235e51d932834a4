import type { ReactNode } from 'react';
import { Heading } from 'react-aria-components';

/** A section named by its heading (`aria-labelledby` the heading's `id`), so it is a landmark by that name. */
export function TitledSection({
  id,
  title,
  level = 2,
  className,
  titleClassName = 'card__title',
  testId = id,
  header,
  children,
}: {
  id: string;
  title: ReactNode;
  level?: 2 | 3;
  className: string;
  titleClassName?: string;
  /** The section's test id; its heading's id when not given. */
  testId?: string;
  /**
   * What stands beside the heading in the card's header row (`card__header`); null: the row holds the
   * heading alone; not given: no row.
   */
  header?: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <Heading level={level} id={id} className={titleClassName}>
      {title}
    </Heading>
  );
  return (
    <section className={className} aria-labelledby={id} data-testid={testId}>
      {header === undefined ? (
        heading
      ) : (
        <div className="card__header">
          {heading}
          {header}
        </div>
      )}
      {children}
    </section>
  );
}

/**
 * One group of a grouped list (documents by category, resources by type): a card titled by the group's
 * name and how many it holds, its items in a list of `listClassName`.
 */
export function ListGroup({
  id,
  label,
  count,
  testId,
  listClassName,
  children,
}: {
  id: string;
  label: string;
  count: number;
  testId: string;
  listClassName: string;
  children: ReactNode;
}) {
  return (
    <TitledSection
      id={id}
      title={
        <>
          {label} <span className="muted list-group__count">({count})</span>
        </>
      }
      className="card list-group"
      testId={testId}
    >
      <ul className={listClassName}>{children}</ul>
    </TitledSection>
  );
}
