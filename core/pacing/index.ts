export * from './calendar';
export * from './countries';
export * from './pacing';
export * from './target-periods';
export * from './targets-in-force';
