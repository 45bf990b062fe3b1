export * from './rules';
export * from './points';
