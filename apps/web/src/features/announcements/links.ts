import { generatePath } from 'react-router';
import { paths } from '../../config/paths';

export const announcementPath = (id: string) => generatePath(paths.adminAnnouncementDetail, { id });
export const announcementEditPath = (id: string) => generatePath(paths.adminAnnouncementEdit, { id });
export const myAnnouncementPath = (id: string) => generatePath(paths.memberAnnouncementDetail, { id });
