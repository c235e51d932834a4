// The one way into the state library: screens read and set the atoms of web/src/state/ with these hooks,
// and the app and the Explorer entry mount the provider. Nothing else imports jotai (eslint.config.js).
import type { createStore } from 'jotai';

export { Provider as StateProvider, useAtom, useAtomValue, useSetAtom } from 'jotai';

/** The state of one render of the app: each its own (a render on the server is given one). */
export type StateStore = ReturnType<typeof createStore>;
