import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import { Box } from '@mui/material';
import { useWorkspaceLogoUrl } from '../../lib/queries/workspace-logo';

/**
 * The active company's square logo beside its name in the header (GET /workspace/logo/{id}); the company icon while
 * there is none, while it loads, or if it cannot be had. Decorative: the name beside it says which company it is.
 */
export function WorkspaceLogo({ squareLogo }: { squareLogo: string | null }) {
  const src = useWorkspaceLogoUrl(squareLogo);
  if (!src) return <BusinessOutlined fontSize="small" />;
  return (
    <Box
      component="img"
      src={src}
      alt=""
      data-testid="workspace-logo"
      sx={{ width: 28, height: 28, objectFit: 'contain', borderRadius: 0.5, bgcolor: 'common.white', flexShrink: 0 }}
    />
  );
}
