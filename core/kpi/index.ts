export * from './rules';
export * from './points';
export * from './log-options';
export * from './kind-points';
