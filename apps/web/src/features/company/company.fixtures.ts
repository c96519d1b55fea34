import type { Workspace } from './api/get-workspace';

/** Test data of the company pages (and of the settings index, which reads the same record). */

/** Demo's workspace as GET /admin/workspace/{id} answers it, its company details changed by `company`. */
export const demoWorkspace = (company: Partial<Workspace['workspace_company']> = {}): Workspace => ({
  id: 'ws-demo',
  attendance_auto_approve_request: false,
  time_zone: 'Europe/Rome',
  workspace_company: {
    name: 'Demo S.r.l.',
    email: 'amministrazione@demo.timbro.it',
    vatNumber: '01907990012',
    fiscalCode: '01907990012',
    website: null,
    phoneNumber: null,
    mobileNumber: null,
    addressStreet: 'Via Torino 15',
    addressCity: 'Milano',
    addressPostCode: '20123',
    addressProvince: 'MI',
    addressCountry: 'IT',
    addressNote: null,
    logo: null,
    squareLogo: null,
    ...company,
  },
});
