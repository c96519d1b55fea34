export { claimHolidaysSeeding, enabledWorkspaceIds, findWorkspace, letterhead } from './workspaces.service';
