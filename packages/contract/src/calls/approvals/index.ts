export { listThresholds } from './list-thresholds.ts';
export { setThreshold } from './set-threshold.ts';
