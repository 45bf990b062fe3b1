export * from './messages';
export * from './schedule';
export * from './schemas';
export * from './slack';
export * from './teams';
export * from './text';
export * from './words';
