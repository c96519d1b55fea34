export { listContracts } from './contracts.service';
