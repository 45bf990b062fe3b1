export * from './calendar';
export * from './pacing';
export * from './target-periods';
