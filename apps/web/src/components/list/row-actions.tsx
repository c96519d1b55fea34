import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { IconButton, Link, Tooltip, type SxProps, type Theme } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
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

/**
 * The last column of a list whose rows can be edited and deleted: the pencil to `editPath(row.id)` and the bin
 * (`onDelete` asks first). Texts under `<keyPrefix>`: `.columns.actions`, `.actions.edit`, `.actions.editNamed`,
 * `.actions.delete`, `.actions.deleteNamed`, the last two with the row's `name`.
 */
export function editDeleteColumn<R extends { id: string; name: string }>({
  t,
  keyPrefix,
  width,
  editPath,
  onDelete,
  deleteTestId,
}: {
  t: TFunction;
  keyPrefix: string;
  width: number;
  editPath(id: string): string;
  onDelete(row: R): void;
  deleteTestId?(row: R): string;
}): GridColDef<R> {
  const k = (key: string) => `${keyPrefix}.${key}`;
  return {
    field: 'actions',
    headerName: t(k('columns.actions')),
    sortable: false,
    width,
    align: 'right',
    headerAlign: 'right',
    renderCell: ({ row }) => (
      <>
        <EditRowLink
          to={editPath(row.id)}
          title={t(k('actions.edit'))}
          label={t(k('actions.editNamed'), { name: row.name })}
        />
        <DeleteRowButton
          title={t(k('actions.delete'))}
          label={t(k('actions.deleteNamed'), { name: row.name })}
          onDelete={() => onDelete(row)}
          testId={deleteTestId?.(row)}
        />
      </>
    ),
  };
}

/** A grid row's name as a button that opens its editor (a dialog); the click does not reach the row. */
export function CellButton({
  onClick,
  label,
  sx,
  children,
}: {
  onClick(): void;
  /** The accessible name, with the row's name ("Modifica Ferie"). */
  label: string;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Link
      component="button"
      type="button"
      underline="hover"
      onClick={(e: React.MouseEvent) => (e.stopPropagation(), onClick())}
      sx={[{ fontWeight: 500 }, ...(Array.isArray(sx) ? sx : [sx])]}
      aria-label={label}
    >
      {children}
    </Link>
  );
}
