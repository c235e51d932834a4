/**
 * The environment a page or the server runs in, derived from its host name (onboarding §9): `local` for
 * the loopback and `.localhost` names, `qa` and `stage` for hosts naming them (a label such as `qa.` or a
 * part such as `onboard-stage.`), `prod` for the portal's own names (`onboard.` or `www.onboard.`, our
 * design: the spec names no production host), and `unknown` for anything else.
 */
export type Environment = 'local' | 'qa' | 'stage' | 'prod' | 'unknown';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]', '0.0.0.0']);

/** The host without its port, lower-cased; an IPv6 literal keeps its brackets off. */
function hostName(host: string): string {
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith('['))
    return trimmed.slice(1, trimmed.indexOf(']') > 0 ? trimmed.indexOf(']') : undefined);
  const colons = trimmed.split(':').length - 1;
  return colons === 1 ? trimmed.slice(0, trimmed.indexOf(':')) : trimmed;
}

export function environmentFromHost(host: string): Environment {
  const name = hostName(host).replace(/\.$/, '');
  if (!name) return 'unknown';
  if (LOCAL_HOSTS.has(name) || name.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(name))
    return 'local';
  const parts = name.split('.').flatMap((label) => label.split('-'));
  if (parts.includes('qa')) return 'qa';
  if (parts.includes('stage') || parts.includes('staging')) return 'stage';
  const labels = name.split('.');
  const first = labels[0] === 'www' ? labels[1] : labels[0];
  if (first === 'onboard' && labels.length >= 3) return 'prod';
  return 'unknown';
}

/** Trace sampling by environment (onboarding §9): all on local, qa and stage, a tenth on prod, none else. */
export function traceSampleRate(environment: Environment): number {
  switch (environment) {
    case 'local':
    case 'qa':
    case 'stage':
      return 1;
    case 'prod':
      return 0.1;
    default:
      return 0;
  }
}
