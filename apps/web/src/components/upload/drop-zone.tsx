import { Box } from '@mui/material';
import { useState, type ReactNode } from 'react';

interface Props {
  /** The files dropped on it. */
  onDrop(files: FileList): void;
  /** A refusal: the border turns red. */
  error: boolean;
  /** `<testId>-drop`. */
  testId: string;
  children: ReactNode;
}

/** An upload field's dashed box, files can be dropped on: highlighted while they are dragged over it. */
export function DropZone({ onDrop, error, testId, children }: Props) {
  const [dragging, setDragging] = useState(false);
  return (
    <Box
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        onDrop(e.dataTransfer.files);
      }}
      data-testid={`${testId}-drop`}
      sx={{
        border: 1,
        borderStyle: 'dashed',
        borderColor: error ? 'error.main' : dragging ? 'primary.main' : 'divider',
        borderRadius: 1,
        p: 1.5,
        bgcolor: dragging ? 'action.hover' : 'transparent',
      }}
    >
      {children}
    </Box>
  );
}
