export * from './content-disposition.ts';
