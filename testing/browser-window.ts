// The least of a browser's window that swr looks for when it loads (it preloads only in a browser), set up
// before any module of the file is imported: the setup file of the `unit-window` project.
Object.assign(globalThis, {
  window: { addEventListener: () => undefined, removeEventListener: () => undefined },
});
