export * from './codice-fiscale';
export * from './partita-iva';
export * from './iban';
export * from './cap';
export * from './province';
export * from './phone';
export * from './email';
export * from './time-zone';
