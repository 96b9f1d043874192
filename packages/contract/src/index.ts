export * from './auth';
export * from './errors';
export * from './navigation';
export * from './roles';
