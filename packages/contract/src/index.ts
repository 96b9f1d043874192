export * from './auth';
export * from './common';
export * from './errors';
export * from './navigation';
export * from './roles';
export * from './stocks';
export * from './suppliers';
