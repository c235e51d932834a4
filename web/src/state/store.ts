// The one way into the state library: screens read and set the atoms of web/src/state/ with these hooks,
// and the app and the Explorer entry mount the provider. Nothing else imports jotai (eslint.config.js).
export { Provider as StateProvider, useAtom, useAtomValue, useSetAtom } from 'jotai';
