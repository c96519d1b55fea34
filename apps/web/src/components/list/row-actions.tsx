import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { IconButton, Link, Tooltip, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/**
 * A grid row's name, the link to its page; the click opens that page, not the row's own action.
 */
export function CellLink({
  to,
  noWrap,
  sx,
  children,
}: {
  to: string;
  noWrap?: boolean;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Link
      component={RouterLink}
      to={to}
      underline="hover"
      onClick={(e) => e.stopPropagation()}
      sx={[{ fontWeight: 500 }, ...(Array.isArray(sx) ? sx : [sx])]}
      noWrap={noWrap}
    >
      {children}
    </Link>
  );
}

interface ActionProps {
  /** The tooltip ("Modifica"). */
  title: string;
  /** The accessible name, with the row's name ("Modifica Uffici"). */
  label: string;
  testId?: string;
}

/** A grid row's pencil: the link to its edit page. */
export function EditRowLink({ to, title, label, testId }: ActionProps & { to: string }) {
  return (
    <Tooltip title={title}>
      <IconButton
        component={RouterLink}
        to={to}
        aria-label={label}
        onClick={(e) => e.stopPropagation()}
        data-testid={testId}
      >
        <EditOutlined fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/** A grid row's bin: asks for the deletion (the caller's confirmation). */
export function DeleteRowButton({ onDelete, title, label, testId }: ActionProps & { onDelete(): void }) {
  return (
    <Tooltip title={title}>
      <IconButton
        color="error"
        aria-label={label}
        onClick={(e) => {
          e.stopPropagation();
          onDelete();
        }}
        data-testid={testId}
      >
        <DeleteOutlined fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
