export * from './dates';
export * from './easter';
export * from './holidays';
export * from './time-slots';
export * from './contracts';
export * from './accruals';
export * from './attendance';
export * from './payroll';
