export * from './identity';
export * from './marketplace';
export * from './onboarding';
export * from './billing';
export * from './pos';
export * from './messaging';
export * from './realtime';
export * from './insights';
