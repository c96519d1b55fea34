import { generatePath } from 'react-router';
import { paths } from '../../config/paths';

/** /admin/month-log/{id}: one version of a month. */
export const monthLogDetailPath = (id: string) => generatePath(paths.adminMonthLogDetail, { id });
