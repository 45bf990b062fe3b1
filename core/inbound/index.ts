export * from './read-inbound-payload';
export * from './inbound-activity';
