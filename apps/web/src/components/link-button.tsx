import Button, { type ButtonProps } from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';

/** A button that opens another page of the app (a new item, an import, another view of the same data). */
export function LinkButton({ to, ...props }: Omit<ButtonProps<typeof RouterLink>, 'component'> & { to: string }) {
  return <Button component={RouterLink} to={to} {...props} />;
}
