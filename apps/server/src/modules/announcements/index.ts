export { listAnnouncements, myAnnouncements } from './announcements.service';
