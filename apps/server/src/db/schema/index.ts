export * from './platform';
export * from './tenancy';
export * from './people';
export * from './working-time';
export * from './accruals';
export * from './attendance';
export * from './month-logs';
export * from './files';
