export { createExport } from './create-export.ts';
export { downloadExport } from './download-export.ts';
