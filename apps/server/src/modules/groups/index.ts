export { findGroupByName, findOrCreateGroup, groupMemberships, lookupGroups, setGroupsOfUser } from './groups.service';
