export { deleteWorkspaceFeeds } from './feed/calendar-feed.service';
export { myShifts } from './shifts/my-shifts.service';
export { publishedRoster } from './shifts/planning.service';
export { adminSwaps } from './swaps/admin-swaps.service';
export { mySwaps } from './swaps/member-swaps.service';
