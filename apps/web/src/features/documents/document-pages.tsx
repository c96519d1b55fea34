// Temporary: the documents screens are being built (issue 13); until then the routes show the placeholder page.
import { PlaceholderPage } from '../../components/placeholder-page';

export const UserDocumentsPage = () => <PlaceholderPage titleKey="nav.items.documents" />;
export const DocumentListPage = () => <PlaceholderPage titleKey="nav.items.documents" />;
export const MyDocumentsPage = () => <PlaceholderPage titleKey="nav.items.myDocuments" />;
export const MyDocumentPage = () => <PlaceholderPage titleKey="nav.items.myDocuments" />;
