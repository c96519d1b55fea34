import { DataGrid, type DataGridProps, type GridValidRowModel } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { catalogFor } from '../../i18n/languages';
import { gridLocaleText } from './mui-x-locales';

/** The DataGrid with the texts of the active language ("Righe per pagina:" in Italian). */
export function LocalizedDataGrid<R extends GridValidRowModel>(props: DataGridProps<R>) {
  const { i18n } = useTranslation();
  return <DataGrid<R> {...props} localeText={{ ...gridLocaleText(catalogFor(i18n.language)), ...props.localeText }} />;
}
