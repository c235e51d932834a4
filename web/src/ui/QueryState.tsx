import type { ReactNode } from 'react';
import { ErrorPanel, PageSkeleton } from './Feedback.tsx';

/**
 * What a screen shows while a read has no answer: its error when it failed, else the skeleton; inside a
 * `page` when it stands for the whole page (`pageClassName` names a narrower one).
 */
export function QueryFallback({
  error,
  isPage = false,
  pageClassName = 'page',
}: {
  error: unknown;
  isPage?: boolean;
  pageClassName?: string;
}) {
  const fallback = error ? <ErrorPanel error={error} /> : <PageSkeleton />;
  return isPage ? <div className={pageClassName}>{fallback}</div> : fallback;
}

/**
 * One read on screen: its content once loaded (not undefined nor null), else its error or skeleton (QueryFallback). A read that
 * failed again after loading keeps its content (`staleError="hide"`, the default), shows the error above
 * it (`"above"`) or the error alone (`"instead"`).
 */
export function QueryState<Data>({
  data,
  error,
  isPage,
  staleError = 'hide',
  children,
}: {
  data: Data | null | undefined;
  error: unknown;
  isPage?: boolean;
  staleError?: 'hide' | 'above' | 'instead';
  children: (data: Data) => ReactNode;
}) {
  if (data === undefined || data === null || (error && staleError === 'instead'))
    return <QueryFallback error={error} isPage={isPage} />;
  if (error && staleError === 'above')
    return (
      <>
        <ErrorPanel error={error} />
        {children(data)}
      </>
    );
  return <>{children(data)}</>;
}
