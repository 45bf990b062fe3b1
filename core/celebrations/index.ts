export * from './queue';
