export * from './common';
export * from './me';
