export * from './phone';
export * from './vouches';
export * from './subscriptions';
export * from './time';
export * from './profiles';
export * from './network';
export * from './introductions';
export * from './reputation';
