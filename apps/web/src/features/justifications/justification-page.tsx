import Add from '@mui/icons-material/Add';
import { Box, Button, Paper, Tab, Tabs } from '@mui/material';
import type { Justification, JustificationGroup } from '@timbro/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { GroupDialog } from './group-dialog';
import { JustificationDialog } from './justification-dialog';
import { GroupsTable } from './justification-groups-table';
import { TypesTable } from './justification-types-table';
import { useCan } from '../../lib/auth/use-can';

type Editing<T> = { record: T | null } | null;

/** /admin/setting/justification: absence types (code, name, impact, unit, state, group) and their groups. */
export function JustificationPage() {
  const { t } = useTranslation();
  const canWrite = useCan('settings:write');
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get('tab') === 'groups' ? 'groups' : 'types';
  const [editing, setEditing] = useState<Editing<Justification>>(null);
  const [editingGroup, setEditingGroup] = useState<Editing<JustificationGroup>>(null);
  return (
    <>
      <PageHeader
        title={t('justifications.page.title')}
        subtitle={t('justifications.page.subtitle')}
        actions={
          canWrite &&
          (tab === 'types' ? (
            <Button
              variant="contained"
              startIcon={<Add />}
              onClick={() => setEditing({ record: null })}
              data-testid="justification-new"
            >
              {t('justifications.actions.new')}
            </Button>
          ) : (
            <Button
              variant="contained"
              startIcon={<Add />}
              onClick={() => setEditingGroup({ record: null })}
              data-testid="group-new"
            >
              {t('justifications.groups.new')}
            </Button>
          ))
        }
      />
      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_e, v: string) => setSearchParams(v === 'types' ? {} : { tab: v }, { replace: true })}
          aria-label={t('justifications.page.tabsLabel')}
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab
            value="types"
            label={t('justifications.page.tabs.types')}
            id="justification-tab-types"
            aria-controls="justification-panel"
            data-testid="justification-tab-types"
          />
          <Tab
            value="groups"
            label={t('justifications.page.tabs.groups')}
            id="justification-tab-groups"
            aria-controls="justification-panel"
            data-testid="justification-tab-groups"
          />
        </Tabs>
        <Box
          role="tabpanel"
          id="justification-panel"
          aria-labelledby={`justification-tab-${tab}`}
          sx={{ p: { xs: 2, md: 3 } }}
        >
          {tab === 'types' ? (
            <TypesTable canWrite={canWrite} onEdit={(record) => setEditing({ record })} />
          ) : (
            <GroupsTable canWrite={canWrite} onEdit={(record) => setEditingGroup({ record })} />
          )}
        </Box>
      </Paper>
      {editing && <JustificationDialog justification={editing.record} onClose={() => setEditing(null)} />}
      {editingGroup && <GroupDialog group={editingGroup.record} onClose={() => setEditingGroup(null)} />}
    </>
  );
}
