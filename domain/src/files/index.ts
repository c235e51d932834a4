export * from './content-disposition.ts';
export * from './document-store.ts';
