/** The deployments the portal knows (onboarding §9: environments are derived from the host). */
export type Environment = 'local' | 'qa' | 'stage' | 'prod' | 'unknown';

/**
 * The environment a host name belongs to: loopback and `localhost` (or a `.local`/`.localhost` name)
 * are local; a name with a `qa` label (or a label starting `qa-` / ending `-qa`) is qa; `stage` or
 * `staging` likewise is stage; one of the configured production hosts, or a name with a `prod` /
 * `production` label, is prod; anything else is unknown. A port is ignored.
 */
export function environmentOfHost(host: string, productionHosts: readonly string[] = []): Environment {
  const trimmed = host.trim().toLowerCase();
  const bracketed = /^\[(.*)\](:\d+)?$/.exec(trimmed);
  const name = bracketed ? bracketed[1]! : trimmed.replace(/:\d+$/, '').replace(/\.$/, '');
  if (name === '') return 'unknown';
  if (name === 'localhost' || name === '::1' || /^127\.\d+\.\d+\.\d+$/.test(name)) return 'local';
  const labels = name.split('.');
  const last = labels.at(-1)!;
  if (last === 'localhost' || last === 'local') return 'local';
  if (productionHosts.some((h) => h.trim().toLowerCase() === name)) return 'prod';
  const words = labels.flatMap((label) => label.split('-'));
  if (words.includes('qa')) return 'qa';
  if (words.includes('stage') || words.includes('staging')) return 'stage';
  if (words.includes('prod') || words.includes('production')) return 'prod';
  return 'unknown';
}

/** Error-reporting trace sampling (onboarding §9): all on local, qa and stage, 10 % on prod, 0 unknown. */
export function traceSampleRate(environment: Environment): number {
  if (environment === 'prod') return 0.1;
  if (environment === 'unknown') return 0;
  return 1;
}
