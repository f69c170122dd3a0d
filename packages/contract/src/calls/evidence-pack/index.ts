export { createEvidencePack } from './create-evidence-pack.ts';
export { downloadEvidencePack } from './download-evidence-pack.ts';
