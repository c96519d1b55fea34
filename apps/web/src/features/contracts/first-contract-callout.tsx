import Add from '@mui/icons-material/Add';
import { Alert, AlertTitle } from '@mui/material';
import type { User } from '@timbro/shared';
import { useTranslation } from 'react-i18next';
import { useUserContracts } from './api/get-user-contracts';
import { newContractPath } from './user-contracts';
import { useCan } from '../../lib/auth/use-can';
import { LinkButton } from '../../components/link-button';

/**
 * On an employee's record (and so right after creating one): "no contract yet", with "Crea il primo contratto". An
 * employee without a contract has no working hours and accrues no leave. Only for active employees (member role).
 */
export function FirstContractCallout({
  user,
}: {
  user: Pick<User, 'id' | 'firstName' | 'lastName' | 'roles' | 'enabled'>;
}) {
  const { t } = useTranslation();
  const canRead = useCan('contract:read');
  const canWrite = useCan('contract:write');
  const relevant = user.enabled && user.roles.includes('member') && canRead;
  const contracts = useUserContracts(user.id, relevant);
  if (!relevant || contracts.data?.length !== 0) return null;
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <Alert
      severity="info"
      sx={{ mb: 2, alignItems: 'center' }}
      data-testid="first-contract-callout"
      action={
        canWrite ? (
          <LinkButton
            variant="contained"
            size="small"
            to={newContractPath(user.id)}
            startIcon={<Add />}
            sx={{ whiteSpace: 'nowrap' }}
            data-testid="first-contract-create"
          >
            {t('contracts.actions.first')}
          </LinkButton>
        ) : undefined
      }
    >
      <AlertTitle>{t('contracts.firstCallout.title', { name })}</AlertTitle>
      {canWrite ? t('contracts.firstCallout.body') : t('contracts.firstCallout.bodyReadOnly')}
    </Alert>
  );
}
