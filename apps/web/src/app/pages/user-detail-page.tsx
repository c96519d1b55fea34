import { AccrualsSection } from '../../features/accruals/accruals-section';
import { FirstContractCallout } from '../../features/contracts/first-contract-callout';
import { UserContracts } from '../../features/contracts/user-contracts';
import { UserDetailPage, type UserDetailSections } from '../../features/users/user-detail-page';

const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`;

/** The employee record shows the contracts and balances of the working-time features. */
const SECTIONS: UserDetailSections = {
  callout: (user) => <FirstContractCallout user={user} />,
  contracts: (user) => <UserContracts userInfoId={user.id} name={fullName(user)} />,
  accruals: (user) => <AccrualsSection userInfoId={user.id} name={fullName(user)} />,
};

/** /admin/user/:id/detail: users' record page with the contracts and accruals sections. */
export function UserDetailRoute() {
  return <UserDetailPage sections={SECTIONS} />;
}
