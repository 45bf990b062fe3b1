export * from './common';
export * from './me';
export * from './kpi-rules';
export * from './activities';
export * from './customers';
export * from './goals';
export * from './wrapups';
