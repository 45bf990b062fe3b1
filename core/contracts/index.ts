export * from './common';
export * from './me';
export * from './kpi-rules';
