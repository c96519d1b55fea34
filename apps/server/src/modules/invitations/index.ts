export { handOverDeclined } from './invitations.service';
