export * from './local-date';
export * from './periods';
export * from './time-zones';
export * from './late-logging';
export * from './clock-time';
export * from './to-date-periods';
export * from './month-pieces';
