export * from './phone';
