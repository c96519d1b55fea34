export * from './platform';
export * from './tenancy';
