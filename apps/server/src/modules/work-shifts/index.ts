export { deleteWorkspaceFeeds } from './calendar-feed.service';
export { myShifts } from './my-shifts.service';
export { adminSwaps, mySwaps } from './swaps.service';
export { publishedRoster } from './work-shifts.service';
