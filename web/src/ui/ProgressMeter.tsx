import type { ReactNode } from 'react';
import { ProgressBar } from 'react-aria-components';

/**
 * A bar of how far something has come (an upload, a push), named by `label`, with the percentage beside
 * it; `prefix` stands before the percentage ('Uploading…'), `children` before the bar.
 */
export function ProgressMeter({
  label,
  percent,
  prefix,
  children,
}: {
  label: string;
  percent: number;
  prefix?: string;
  children?: ReactNode;
}) {
  return (
    <ProgressBar className="progress" value={percent} aria-label={label}>
      {({ percentage }) => (
        <>
          {children}
          <div className="progress__track">
            <div className="progress__fill" style={{ width: `${percentage ?? 0}%` }} />
          </div>
          <span className="progress__value">
            {prefix ? `${prefix} ` : ''}
            {Math.round(percentage ?? 0)}%
          </span>
        </>
      )}
    </ProgressBar>
  );
}
