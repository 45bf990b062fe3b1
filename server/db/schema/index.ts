export * from './auth';
export * from './global';
export * from './tenant';
