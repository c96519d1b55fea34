import { useParams } from 'react-router';
import { ContractEditPage, ContractNewPage } from '../../features/contracts/contract-form-page';
import { UserContractsPage } from '../../features/contracts/user-contracts-page';
import { useUser } from '../../features/users/api/get-user';

// The contracts pages of one employee: the employee's record comes from users, loaded here alongside the page's own
// queries (both start in the same render), so the two features never import each other.

/** /admin/user/:id/contract. */
export function UserContractsRoute() {
  const { id = '' } = useParams();
  const employee = useUser(id);
  return <UserContractsPage employee={employee} />;
}

/** /admin/user/:id/contract/new. */
export function ContractNewRoute() {
  const { id = '' } = useParams();
  const employee = useUser(id);
  return <ContractNewPage employee={employee} />;
}

/** /admin/user/:id/contract/:contractId/edit. */
export function ContractEditRoute() {
  const { id = '' } = useParams();
  const employee = useUser(id);
  return <ContractEditPage employee={employee} />;
}
