import { useParams } from 'react-router';
import { UserPaychecksPage } from '../../features/paychecks/user-paychecks-page';
import { useUser } from '../../features/users/api/get-user';

/** /admin/user/:id/paycheck: the employee's record comes from users, loaded here beside the page's own list. */
export function UserPaychecksRoute() {
  const { id = '' } = useParams();
  const employee = useUser(id);
  return <UserPaychecksPage employee={employee} />;
}
