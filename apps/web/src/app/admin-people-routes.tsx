import { paths } from '../config/paths';
import {
  documents,
  paychecks,
  peopleAndPaychecks,
  peopleAndWorkingTime,
  people,
  workingTime,
  type ProtectedRoute,
} from './lazy-page';

/** The people an admin manages: users (with their record, contracts, pay slips and documents), contracts and groups. */
export const ADMIN_PEOPLE_ROUTES: ProtectedRoute[] = [
  {
    path: paths.adminUser,
    permission: 'user:read',
    page: people(
      () => import('../features/users/user-list-page'),
      (m) => m.UserListPage,
    ),
  },
  {
    path: paths.adminUserNew,
    permission: 'user:write',
    page: people(
      () => import('../features/users/user-form-page'),
      (m) => m.UserNewPage,
    ),
  },
  {
    path: paths.adminUserImport,
    permission: 'user:write',
    page: people(
      () => import('../features/users/user-import-page'),
      (m) => m.UserImportPage,
    ),
  },
  {
    path: paths.adminUserEdit,
    permission: 'user:write',
    page: people(
      () => import('../features/users/user-form-page'),
      (m) => m.UserEditPage,
    ),
  },
  {
    path: paths.adminUserDetail,
    permission: 'user:read',
    page: peopleAndWorkingTime(
      () => import('./pages/user-detail-page'),
      (m) => m.UserDetailRoute,
    ),
  },
  {
    path: paths.adminUserContract,
    permission: 'contract:read',
    page: workingTime(
      () => import('./pages/contract-pages'),
      (m) => m.UserContractsRoute,
    ),
  },
  {
    path: paths.adminUserContractNew,
    permission: 'contract:write',
    page: workingTime(
      () => import('./pages/contract-pages'),
      (m) => m.ContractNewRoute,
    ),
  },
  {
    path: paths.adminUserContractEdit,
    permission: 'contract:write',
    page: workingTime(
      () => import('./pages/contract-pages'),
      (m) => m.ContractEditRoute,
    ),
  },
  {
    path: paths.adminPaycheck,
    permission: 'paycheck:read',
    page: paychecks(
      () => import('../features/paychecks/paycheck-list-page'),
      (m) => m.PaycheckListPage,
    ),
  },
  {
    path: paths.adminUserPaycheck,
    permission: 'paycheck:read',
    page: peopleAndPaychecks(
      () => import('./pages/paycheck-pages'),
      (m) => m.UserPaychecksRoute,
    ),
  },
  {
    path: paths.adminPaycheckImport,
    permission: 'paycheck:write',
    page: paychecks(
      () => import('../features/paychecks/import/import-page'),
      (m) => m.PaycheckImportPage,
    ),
  },
  {
    path: paths.adminPaycheckImportDetail,
    permission: 'paycheck:write',
    page: paychecks(
      () => import('../features/paychecks/import/import-review-page'),
      (m) => m.ImportReviewPage,
    ),
  },
  {
    path: paths.adminUserDocument,
    permission: 'document:write',
    page: documents(
      () => import('../features/documents/document-pages'),
      (m) => m.UserDocumentsPage,
    ),
  },
  {
    path: paths.adminContract,
    permission: 'contract:read',
    page: workingTime(
      () => import('../features/contracts/contract-list-page'),
      (m) => m.ContractListPage,
    ),
  },
  {
    path: paths.adminGroup,
    permission: 'group:read',
    page: people(
      () => import('../features/groups/group-list-page'),
      (m) => m.GroupListPage,
    ),
  },
  {
    path: paths.adminGroupNew,
    permission: 'group:write',
    page: people(
      () => import('../features/groups/group-form-page'),
      (m) => m.GroupNewPage,
    ),
  },
  {
    path: paths.adminGroupEdit,
    permission: 'group:write',
    page: people(
      () => import('../features/groups/group-form-page'),
      (m) => m.GroupEditPage,
    ),
  },
];
