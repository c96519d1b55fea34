export {
  balancesAt,
  balancesOfEveryone,
  deleteContractAccruals,
  quotaInputs,
  removeUsage,
  syncContractAccruals,
  syncUsage,
} from './accruals.service';
