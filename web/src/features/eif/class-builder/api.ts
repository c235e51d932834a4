import useSWR, { useSWRConfig } from 'swr';
import { call, get, readKey, type Answer, type Body, type Read } from '../../../api/client.ts';
import { rememberVersion, seenVersion } from '../../../api/versions.ts';

/** The class builder's calls (platform §7: employee classes) and where its screens live (onboarding §2). */

const TASK = 'eif-submit-company-information';
const clientBase = (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}`;

const CLASSES = '/api/clients/{clientId}/employee-classes';
const CLASS = '/api/clients/{clientId}/employee-classes/{employeeClassId}';
const classesKey = (clientId: string) => readKey(CLASSES, { clientId });

export type EmployeeClassesView = Read<typeof CLASSES>;
/** What every class write answers: the classes after it, and the class it created or changed. */
export type ClassChange = Answer<'post', typeof CLASSES>;

type ContractBody = Body<'post', typeof CLASSES>;
/** A number as typed: sent as text when it is not one, so the server's answer names the field. */
type Typed<T> = [Extract<T, number>] extends [never] ? T : T | string;
type Loosely<T> = { [K in keyof T]: Typed<T[K]> };
export type ClassPlanBody = Loosely<NonNullable<ContractBody['plans']>[number]>;
/** The body as the form sends it: the contract's, with each number possibly the text typed. */
export type ClassBody = Omit<Loosely<ContractBody>, 'plans'> & { plans: ClassPlanBody[] };
const asSent = (body: ClassBody) => body as ContractBody;

/** The class list, read at least at the version this tab last saw (read-your-writes, as the client view). */
export function useEmployeeClasses(clientId: string) {
  return useSWR(classesKey(clientId), async () => {
    const classes = await get(CLASSES, { clientId }, { minVersion: seenVersion(clientId) ?? undefined });
    rememberVersion({ id: clientId, version: classes.version });
    return classes;
  });
}

/**
 * Every write sends the version the editor saw as Seen-Version: the server refuses it only when what it
 * changes was changed since (field-aware, like the EIF forms), so people editing different classes, or
 * different answers of one class, never collide; a collision names both values. A new class or copy
 * changes nothing that exists, so it never collides (a name taken meanwhile is refused by the rules).
 */
const versioned = (version: number) => ({ 'Seen-Version': String(version) });

export const createClass = (clientId: string, version: number, body: ClassBody) =>
  call('post', CLASSES, { params: { clientId }, body: asSent(body), headers: versioned(version) });

export const updateClass = (clientId: string, employeeClassId: string, version: number, body: ClassBody) =>
  call('put', CLASS, {
    params: { clientId, employeeClassId },
    body: asSent(body),
    headers: versioned(version),
  });

export const deleteClass = (clientId: string, employeeClassId: string, version: number) =>
  call('delete', CLASS, { params: { clientId, employeeClassId }, headers: versioned(version) });

export const duplicateClass = (clientId: string, employeeClassId: string, version: number) =>
  call('post', `${CLASS}/duplicate`, { params: { clientId, employeeClassId }, headers: versioned(version) });

/**
 * After a write: the answer is the new class list (the read side may lag, so it goes straight into the
 * cache), and everything else read about this client is fetched again (client view, statuses, change log).
 * With no answer (a refused write) both are fetched again, so the screen shows what the server holds.
 */
export function useRefreshClasses(clientId: string) {
  const { mutate } = useSWRConfig();
  return async (answer?: ClassChange) => {
    const key = classesKey(clientId);
    if (answer) {
      // The client views refetched below then wait for this version (read-your-writes).
      rememberVersion({ id: clientId, version: answer.version });
      const { employeeClassId: _touched, ...classes } = answer;
      await mutate(key, classes, { revalidate: false });
    } else {
      await mutate(key);
    }
    const base = clientBase(clientId);
    await mutate(
      (k) =>
        typeof k === 'string' &&
        k !== key &&
        (k === base || k.startsWith(`${base}/`) || k.startsWith(`${base}?`)),
    );
  };
}

// '&' is a legal path character and the route table matches the step ids as written, so they are not encoded.
export const classBuilderPath = (clientId: string, stepId: string, subStepId: string) =>
  `/client/${encodeURIComponent(clientId)}/task/${TASK}/step/${stepId}/${subStepId}`;

export const classEditorPath = (
  clientId: string,
  stepId: string,
  subStepId: string,
  employeeClassId: string,
) =>
  `${classBuilderPath(clientId, stepId, subStepId)}/${
    employeeClassId === 'create' ? 'create' : encodeURIComponent(employeeClassId)
  }`;
