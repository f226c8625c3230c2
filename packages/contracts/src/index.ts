export * from './phone';
export * from './vouches';
