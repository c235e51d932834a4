import { withAnalytics } from './analytics-lazy.ts';

/** The tracking parameters an e-mail's links carry (platform §2 "Tracking parameters in the address"). */
const TRACKING_PARAMS = [
  'sgmButtonLabel',
  'sgmModule',
  'sgmClientId',
  'sgmClientName',
  'sgmJiraTicket',
  'sgmEBREmailAddress',
] as const;
export type TrackingParam = (typeof TRACKING_PARAMS)[number];

const isTrackingParam = (name: string): name is TrackingParam =>
  (TRACKING_PARAMS as readonly string[]).includes(name);

const decode = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};

/**
 * Splits a query string (with or without its `?`) into the tracking parameters it carries and the query
 * string without them. The other parameters keep their order and their exact encoding; the first value of
 * a repeated tracking parameter wins. `properties` is null when there is none.
 */
export function takeTrackingParams(search: string): {
  properties: Partial<Record<TrackingParam, string>> | null;
  search: string;
} {
  const query = search.startsWith('?') ? search.slice(1) : search;
  const properties: Partial<Record<TrackingParam, string>> = {};
  let found = false;
  const kept: string[] = [];
  for (const part of query.split('&')) {
    if (part === '') continue;
    const at = part.indexOf('=');
    const name = decode(at === -1 ? part : part.slice(0, at));
    if (isTrackingParam(name)) {
      found = true;
      properties[name] ??= decode(at === -1 ? '' : part.slice(at + 1));
    } else kept.push(part);
  }
  return { properties: found ? properties : null, search: kept.length ? `?${kept.join('&')}` : '' };
}

let isTaken = false;

/**
 * Reads the tracking parameters once on load (platform §2), takes them out of the address by replacing
 * the history entry (every other parameter stays), and sends them as one Element Clicked event through
 * the analytics module.
 */
export function takeTrackingParamsFromAddress(): void {
  if (isTaken) return;
  isTaken = true;
  const { properties, search } = takeTrackingParams(location.search);
  if (!properties) return;
  history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
  withAnalytics((analytics) => analytics.elementClicked(properties));
}
