export * from './platform';
export * from './tenancy';
export * from './people';
