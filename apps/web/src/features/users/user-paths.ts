import { generatePath } from 'react-router';
import { paths } from '../../config/paths';

/** An employee's record (/admin/user/:id/detail). */
export const userDetailPath = (id: string) => generatePath(paths.adminUserDetail, { id });
