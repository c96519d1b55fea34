export { listAnnouncements } from './announcements.service';
export { myAnnouncements } from './my-announcements.service';
